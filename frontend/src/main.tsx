import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { boot } from './app/boot';
import { preloadRoute } from './app/routes';
import { initI18n } from './i18n';
import './styles/global.css';

// No top-level await here: Rollup treats every lazy chunk of an entry that awaits at the top as possibly
// loading before the entry has finished, and then splits the modules they share with it into dozens of
// small chunks, each one more request on the first page.
initI18n();
void boot();
preloadRoute(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
