import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Brand } from '../../api/system';
import { initI18n, showLanguage } from '../../i18n';
import { brandAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { DocumentTitle } from './DocumentTitle';

beforeAll(async () => {
  initI18n();
  await showLanguage('EN');
});
afterEach(async () => {
  cleanup();
  await act(() => showLanguage('EN'));
});

const show = (titleKey: string | null) =>
  render(
    <Provider store={store}>
      <DocumentTitle titleKey={titleKey} />
    </Provider>,
  );

describe('DocumentTitle', () => {
  it('names the page and the brand, and the brand alone without a page', () => {
    store.set(brandAtom, { name: 'Second Brand' } as Brand);
    show('help.title');
    expect(document.title).toBe('Help centre · Second Brand');
    cleanup();
    show(null);
    expect(document.title).toBe('Second Brand');
  });

  it("follows the reader's language and the brand", async () => {
    store.set(brandAtom, { name: 'Demo Casino' } as Brand);
    show('categories.LIVE');
    expect(document.title).toBe('Live Casino · Demo Casino');
    await act(() => showLanguage('VI'));
    expect(document.title).not.toContain('Live Casino');
    expect(document.title).toMatch(/ · Demo Casino$/);
    act(() => store.set(brandAtom, { name: 'Other' } as Brand));
    expect(document.title).toMatch(/ · Other$/);
  });
});
