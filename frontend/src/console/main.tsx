// The staff console (console.html, served at /console/...): a page of its own, apart from the portal, with
// its own translations, store and staff token. The merchant comes from ?merchant= (remembered for the tab).
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { I18nProvider } from '../i18n/react';
// First, so that each section's styles (styles/<section>.css, imported by its page) come after the base.
import './styles/base.css';
import { ConsoleApp } from './ConsoleApp';
import { initConsoleI18n, storedLanguage } from './i18n';
import { merchantFrom } from './session';
import { createConsoleStore, tokenAtom } from './store';
import { setConsoleContext } from './transport';

const merchant = merchantFrom(window.location.search, sessionStorage);
const store = createConsoleStore(merchant);

// No top-level await (see src/main.tsx): the strings are bundled, so this resolves at once.
void initConsoleI18n(storedLanguage()).then((i18n) => {
  setConsoleContext(() => ({ merchant, token: store.get(tokenAtom), language: i18n.language }));
  createRoot(document.getElementById('console-root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Provider store={store}>
          <BrowserRouter basename="/console">
            <ConsoleApp />
          </BrowserRouter>
        </Provider>
      </I18nProvider>
    </StrictMode>,
  );
});
