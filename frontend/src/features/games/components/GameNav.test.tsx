import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call } from '../../../api/client';
import { alertAtom } from '../../../state/alert';
import { tokenAtom } from '../../../state/atoms';
import { playChoiceAtom } from '../../../state/gameLaunch';
import { store } from '../../../state/store';
import type { Vendor } from '../api';
import { currentVendorAtom, vendorsAtom } from '../atoms';
import { GameNavItems } from './GameNav';

vi.mock('../../../api/client', () => ({ call: vi.fn(), ApiError: class extends Error {} }));
vi.mock('../../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));

const vendor = (vassalage: string, category: string): Vendor => ({
  vassalage, displayName: `${vassalage} name`, gameType: category, category, isHot: 0, accountTypeName: null, singleGameId: null,
  allowsTrial: true,
});

function renderNav() {
  const router = createMemoryRouter(
    [{ path: '*', element: <ul className="nav-items"><GameNavItems /></ul> }],
    { initialEntries: ['/'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

beforeEach(() => {
  const slots = Array.from({ length: 12 }, (_, i) => vendor(`S${i}`, 'RNG'));
  store.set(vendorsAtom, {
    groups: { RNG: slots, LIVE: [vendor('EVO', 'LIVE')], SPORTS: [vendor('SV3', 'SPORTS')] },
    sorting: [
      { gameCategory: 'LIVE', vendors: ['EVO'] },
      { gameCategory: 'SPORTS', vendors: ['SV3'] },
      { gameCategory: 'RNG', vendors: slots.map((v) => v.vassalage) },
    ],
  });
  store.set(currentVendorAtom, null);
  store.set(tokenAtom, null);
  store.set(alertAtom, null);
  store.set(playChoiceAtom, null);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
  vi.restoreAllMocks();
});

describe('GameNavItems', () => {
  it('renders the categories with cockfight after Live and test ids on each item', () => {
    renderNav();
    const ids = screen.getAllByTestId(/^nav-[A-Z]+$/).map((el) => el.getAttribute('data-testid'));
    expect(ids).toEqual(['nav-LIVE', 'nav-COCKFIGHT', 'nav-RNG']);
    expect(screen.getByTestId('nav-RNG').getAttribute('href')).toBe('/rng?page=S0');
  });

  it('opens the dropdown on hover: 11 vendors and MORE', () => {
    renderNav();
    fireEvent.mouseEnter(screen.getByTestId('nav-RNG').closest('li')!);
    expect(screen.getAllByTestId(/^nav-vendor-/)).toHaveLength(11);
    expect(screen.queryByTestId('nav-vendor-S11')).toBeNull();
    expect(screen.getByTestId('nav-more-RNG').getAttribute('href')).toBe('/rng');
  });

  it('opens on keyboard focus and closes on Escape, returning focus to the category', () => {
    renderNav();
    const top = screen.getByTestId('nav-LIVE');
    act(() => top.focus());
    expect(top.getAttribute('aria-expanded')).toBe('true');
    const link = screen.getByTestId('nav-vendor-EVO');
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(top.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(top);
  });

  it('a lobby vendor click opens its page and sets the current vendor', () => {
    const router = renderNav();
    fireEvent.mouseEnter(screen.getByTestId('nav-LIVE').closest('li')!);
    fireEvent.click(screen.getByTestId('nav-vendor-EVO'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/live?page=EVO');
    expect(store.get(currentVendorAtom)).toBe('EVO');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('a launch (cockfight) loads the launch code on the click and offers a visitor the login or free play', async () => {
    const router = renderNav();
    fireEvent.click(screen.getByTestId('nav-COCKFIGHT'));
    await waitFor(() => expect(store.get(playChoiceAtom)?.freePlay).toBe(true));
    expect(call).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows each house vendor\'s logo beside its name in the dropdown, at a fixed size', () => {
    store.set(vendorsAtom, {
      groups: { LIVE: [vendor('HOUSE_LIVE', 'LIVE'), vendor('EVO', 'LIVE')] },
      sorting: [{ gameCategory: 'LIVE', vendors: ['HOUSE_LIVE', 'EVO'] }],
    });
    renderNav();
    fireEvent.mouseEnter(screen.getByTestId('nav-LIVE').closest('li')!);
    const logo = screen.getByTestId('vendor-logo-HOUSE_LIVE');
    expect(logo.getAttribute('src')).toBe('/house/logo/HOUSE_LIVE.svg');
    expect([logo.getAttribute('width'), logo.getAttribute('height'), logo.getAttribute('alt')]).toEqual(['20', '20', '']);
    expect(screen.getByTestId('nav-vendor-HOUSE_LIVE').textContent).toBe('HOUSE_LIVE name');
    expect(screen.queryByTestId('vendor-logo-EVO')).toBeNull();
    // A logo that fails to load is dropped rather than shown broken.
    fireEvent.error(logo);
    expect(screen.queryByTestId('vendor-logo-HOUSE_LIVE')).toBeNull();
  });
});
