// The loyalty routes' small chunk shows the page of the address: /vip the VIP levels, /pointMall the mall.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./VipPage', () => ({ default: () => <p>vip levels</p> }));
vi.mock('./PointMallPage', () => ({ default: () => <p>point mall</p> }));

const { default: LoyaltyPage } = await import('./LoyaltyPage');

afterEach(cleanup);

describe('the loyalty routes', () => {
  it.each([
    ['/vip', 'vip levels'],
    ['/pointMall', 'point mall'],
  ])('%s shows its page', async (path, text) => {
    const router = createMemoryRouter([{ path, element: <Suspense fallback={null}><LoyaltyPage /></Suspense> }], { initialEntries: [path] });
    // The page's chunk arrives after the first render: React shows it once it has.
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
