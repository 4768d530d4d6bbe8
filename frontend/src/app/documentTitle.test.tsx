import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Brand } from '../api/system';
import { i18n, initI18n, showLanguage } from '../i18n';
import { brandAtom } from '../state/atoms';
import { store } from '../state/store';
import { RouteTitle } from './App';
import { routes, routeTitleKey } from './routes';

beforeAll(async () => {
  initI18n();
  await showLanguage('EN');
});
afterEach(async () => {
  cleanup();
  await act(() => showLanguage('EN'));
});

// Every address the route table names, as a visitor would type it.
function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path ? [`/${route.path === '*' ? 'no-such-page' : route.path}`] : []),
    ...paths(route.children ?? []),
  ]);
}

function titleAt(path: string): string {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RouteTitle />
      </MemoryRouter>
    </Provider>,
  );
  const title = document.title;
  cleanup();
  return title;
}

describe('the tab title', () => {
  it('is named for every page of the route table, in words every locale has', () => {
    const all = paths(routes);
    expect(all.length).toBeGreaterThan(25);
    for (const path of all) {
      const key = routeTitleKey(path);
      if (['/', '/index', '/index.html', '/home'].includes(path)) {
        expect(key, path).toBeNull();
        continue;
      }
      expect(key, path).toBeTruthy();
      expect(i18n.exists(key!), `${path}: ${key}`).toBe(true);
    }
  });

  it('reads "<page> · <brand>", the brand alone at home, per route', () => {
    store.set(brandAtom, { name: 'Second Brand' } as Brand);
    expect(titleAt('/')).toBe('Second Brand');
    expect(titleAt('/home')).toBe('Second Brand');
    expect(titleAt('/live')).toBe('Live Casino · Second Brand');
    expect(titleAt('/help')).toBe('Help centre · Second Brand');
    expect(titleAt('/promotions')).toBe('Promotions · Second Brand');
    expect(titleAt('/promoDetail')).toBe('Promotion · Second Brand');
    expect(titleAt('/vip')).toBe('VIP · Second Brand');
    expect(titleAt('/pointMall')).toBe('Point mall · Second Brand');
    expect(titleAt('/download')).toBe('App download · Second Brand');
    expect(titleAt('/no-such-page')).toBe(`${i18n.t('errors.notFound')} · Second Brand`);
  });

  it("is in the reader's language", async () => {
    store.set(brandAtom, { name: 'Demo Casino' } as Brand);
    await act(() => showLanguage('CN'));
    expect(titleAt('/help')).toBe(`${i18n.t('help.title')} · Demo Casino`);
    expect(titleAt('/help')).not.toContain('Help centre');
  });
});
