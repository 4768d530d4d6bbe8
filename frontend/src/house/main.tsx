// The house vendor's game page, shown in the portal's iframe: /house/play?token=&lang=&game=&merchant=
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { I18nProvider } from '../i18n/react';
import { bootHouse, launchParams } from './boot';
import { HouseApp } from './HouseApp';
import { initHouseI18n, languageFrom } from './i18n';
import './house.css';

const params = launchParams(window.location.search);
const i18n = await initHouseI18n(languageFrom(params.lang));
document.title = i18n.t('app.title');
void bootHouse(params);

createRoot(document.getElementById('house-root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <HouseApp />
    </I18nProvider>
  </StrictMode>,
);
