import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import type { Brand } from '../api/system';
import { brandAtom, tokenAtom } from '../state/atoms';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { LoginGuard } from './LoginGuard';

afterEach(cleanup);

function brand(loginedToHomePage: boolean): Brand {
  return { merchantCode: 'demo', loginedToHomePage } as Brand;
}

function renderAt(path: string, store: ReturnType<typeof createStore>) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <LoginGuard>
            <Outlet />
          </LoginGuard>
        ),
        children: ['/', '/vip', '/login', '/register', '/download'].map((p) => ({
          path: p,
          element: <p>page {p}</p>,
        })),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('loginedToHomePage guard', () => {
  it('sends a visitor without a session to /login', async () => {
    const store = createStore();
    store.set(brandAtom, brand(true));
    store.set(tokenAtom, null);
    const router = renderAt('/vip', store);
    expect(await screen.findByText('page /login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets the open paths and logged-in members through, and does nothing when the setting is off', async () => {
    const store = createStore();
    store.set(brandAtom, brand(true));
    renderAt('/register', store);
    expect(await screen.findByText('page /register')).toBeTruthy();
    cleanup();
    store.set(tokenAtom, 'token');
    renderAt('/vip', store);
    expect(await screen.findByText('page /vip')).toBeTruthy();
    cleanup();
    const off = createStore();
    off.set(brandAtom, brand(false));
    renderAt('/vip', off);
    expect(await screen.findByText('page /vip')).toBeTruthy();
  });
});

describe('kept-alive lobbies', () => {
  it('stay mounted, hidden, while the player is elsewhere', async () => {
    let go: (path: string) => void = () => undefined;
    function Shell() {
      go = useNavigate();
      return <KeepAliveOutlet />;
    }
    function Counter({ label }: { label: string }) {
      return <input aria-label={label} defaultValue="" />;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/rng', element: <Counter label="slots search" /> },
            { path: '/vip', element: <p>vip page</p> },
          ],
        },
      ],
      { initialEntries: ['/rng'] },
    );
    render(<RouterProvider router={router} />);
    const search = (await screen.findByLabelText('slots search')) as HTMLInputElement;
    search.value = 'dragon';
    await act(async () => go('/vip'));
    expect(await screen.findByText('vip page')).toBeTruthy();
    const kept = document.querySelector('[data-keep-alive="/rng"]') as HTMLElement;
    expect(kept.hidden).toBe(true);
    await act(async () => go('/rng'));
    expect(kept.hidden).toBe(false);
    expect((screen.getByLabelText('slots search') as HTMLInputElement).value).toBe('dragon');
  });
});
