import { act, cleanup, render, screen } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { memo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { I18nProvider, useTranslation } from './react';

// An instance set up as the portal's (index.ts): no strings at first, each language added when it loads.
async function instance(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({
    resources: {},
    lng: 'EN',
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return i18n;
}

const EN = { home: { welcome: 'Welcome to {{brand}}' }, nav: { home: 'Home' } };
const VI = { home: { welcome: 'Chào mừng đến với {{brand}}' }, nav: { home: 'Trang chủ' } };

function Page() {
  const { t, i18n } = useTranslation();
  return (
    <main lang={i18n.language}>
      <h1>{t('home.welcome', { brand: 'Demo Casino' })}</h1>
      <p data-testid="nav">{t('nav.home')}</p>
      <p data-testid="missing">{t('home.notYetTranslated', { defaultValue: 'Fallback text' })}</p>
    </main>
  );
}

// A memoised child that gets only t: it must re-render when the language changes, which it does only if
// t is a new function then.
const Label = memo(function Label({ t }: { t: (key: string) => string }) {
  return <span data-testid="memo">{t('nav.home')}</span>;
});

function WithMemoChild() {
  const { t } = useTranslation();
  return <Label t={t} />;
}

afterEach(cleanup);

describe('useTranslation', () => {
  it('interpolates {{values}} and falls back to defaultValue for a missing key', async () => {
    const i18n = await instance();
    i18n.addResourceBundle('EN', 'translation', EN);
    render(
      <I18nProvider i18n={i18n}>
        <Page />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Welcome to Demo Casino');
    expect(screen.getByTestId('missing').textContent).toBe('Fallback text');
    expect(screen.getByRole('main').getAttribute('lang')).toBe('EN');
  });

  it('shows the first language once its strings arrive after the first render', async () => {
    const i18n = await instance();
    render(
      <I18nProvider i18n={i18n}>
        <Page />
      </I18nProvider>,
    );
    expect(screen.getByTestId('nav').textContent).toBe('nav.home');
    act(() => {
      i18n.addResourceBundle('EN', 'translation', EN);
    });
    expect(screen.getByTestId('nav').textContent).toBe('Home');
  });

  it('re-renders with the new language after changeLanguage, memoised children too', async () => {
    const i18n = await instance();
    i18n.addResourceBundle('EN', 'translation', EN);
    render(
      <I18nProvider i18n={i18n}>
        <Page />
        <WithMemoChild />
      </I18nProvider>,
    );
    expect(screen.getByTestId('memo').textContent).toBe('Home');
    // As showLanguage does: the strings are loaded, added, then switched to.
    act(() => {
      i18n.addResourceBundle('VI', 'translation', VI);
    });
    expect(screen.getByTestId('nav').textContent).toBe('Home');
    await act(async () => {
      await i18n.changeLanguage('VI');
    });
    expect(screen.getByRole('heading').textContent).toBe('Chào mừng đến với Demo Casino');
    expect(screen.getByTestId('nav').textContent).toBe('Trang chủ');
    expect(screen.getByTestId('memo').textContent).toBe('Trang chủ');
    expect(screen.getByRole('main').getAttribute('lang')).toBe('VI');
  });

  it('translates with the provided instance, each tree its own', async () => {
    const english = await instance();
    english.addResourceBundle('EN', 'translation', EN);
    const vietnamese = await instance();
    vietnamese.addResourceBundle('VI', 'translation', VI);
    await vietnamese.changeLanguage('VI');
    render(
      <>
        <I18nProvider i18n={english}>
          <WithMemoChild />
        </I18nProvider>
        <I18nProvider i18n={vietnamese}>
          <WithMemoChild />
        </I18nProvider>
      </>,
    );
    expect(screen.getAllByTestId('memo').map((el) => el.textContent)).toEqual(['Home', 'Trang chủ']);
  });
});
