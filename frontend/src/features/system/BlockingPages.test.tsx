import { act, cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';

import type { SystemStatus } from '../../api/system';
import en from '../../i18n/locales/en.json';
import { I18nProvider } from '../../i18n/react';
import { statusAtom } from '../../state/atoms';
import { MaintenancePage } from './BlockingPages';

async function show(maintenanceMessage: string | null) {
  const i18n = createInstance();
  await i18n.init({ resources: { EN: { translation: en } }, lng: 'EN', interpolation: { escapeValue: false } });
  const store = createStore();
  const status = { status: 1, maintenance: true, maintenanceMessage, info: { customerService: [] } };
  store.set(statusAtom, status as unknown as SystemStatus);
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Provider store={store}>
          <MaintenancePage />
        </Provider>
      </I18nProvider>,
    );
  });
}

afterEach(cleanup);

describe('the maintenance page', () => {
  it("shows the operator's words under the fixed ones, as text and never as markup", async () => {
    await show('Back at 10:00.\n<img src=x onerror=alert(1)><b>Thanks</b>');
    const page = screen.getByTestId('maintenance-page');
    const note = screen.getByTestId('maintenance-note');
    expect(note.textContent).toBe('Back at 10:00.\n<img src=x onerror=alert(1)><b>Thanks</b>');
    expect(page.querySelector('img, b')).toBeNull();
    // Beneath the standard notice.
    const fixed = screen.getByText(en.blocking.maintenanceMessage);
    expect(fixed.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows only the fixed words without a message', async () => {
    await show(null);
    expect(screen.getByText(en.blocking.maintenanceTitle)).toBeTruthy();
    expect(screen.queryByTestId('maintenance-note')).toBeNull();
  });
});
