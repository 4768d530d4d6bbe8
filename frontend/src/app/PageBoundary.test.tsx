import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LoadTimeout } from './lazyGroup';
import { PageBoundary } from './PageBoundary';

vi.mock('../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));

afterEach(cleanup);

function Broken({ error }: { error: unknown }): React.JSX.Element {
  throw error;
}

function renderAt(path: string, error: unknown) {
  const router = createMemoryRouter(
    [
      {
        element: <PageBoundary />,
        children: [
          { path: '/broken', element: <Broken error={error} /> },
          { path: '/vip', element: <p>vip page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('page boundary', () => {
  it('shows the error screen in the page\'s place, and clears it on the next address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/broken', new TypeError('chunk failed'));
    expect((await screen.findByRole('alert')).textContent).toContain('t:errors.loadFailed');
    await act(async () => router.navigate('/vip'));
    expect(screen.getByText('vip page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the page took too long when its chunk timed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken', new LoadTimeout());
    expect((await screen.findByRole('alert')).textContent).toContain('t:errors.pageTimeout');
  });
});
