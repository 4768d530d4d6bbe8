import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { boot } from './app/boot';
import { initI18n } from './i18n';
import './styles/global.css';

await initI18n();
void boot();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
