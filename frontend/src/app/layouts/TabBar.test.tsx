// The phone's tab bar: only pages that are built (no Promotions), Lottery where the brand has one, Account on
// the member's own page, and the unread messages' count on Account.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { vendorsAtom } from '../../features/games/atoms';
import type { VendorsOut } from '../../features/games/api';
import { isAgentAtom } from '../../state/account';
import { tokenAtom } from '../../state/atoms';
import { memberCentreAtom } from '../../state/memberCentre';
import { setUnread } from '../../state/messages';
import { store } from '../../state/store';
import { TabBar } from './TabBar';

const t = vi.hoisted(() => (key: string) => key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const unreadReads: string[] = [];

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: store.get(tokenAtom), language: 'EN' }));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      unreadReads.push(url);
      const body = { success: true, value: { count: 3 }, message: null, errorCode: null };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(tokenAtom, null);
  store.set(isAgentAtom, null);
  store.set(memberCentreAtom, null);
  store.set(vendorsAtom, null);
  unreadReads.length = 0;
});

function bar() {
  render(
    <Provider store={store}>
      <MemoryRouter>
        <TabBar menuOpen={false} onGames={() => undefined} />
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByTestId('tab-bar');
}

function withLottery() {
  const vendor = { vassalage: 'HOUSE_LOTTERY', displayName: 'House Lottery', gameCategory: 'LOTT' };
  store.set(vendorsAtom, { groups: { LOTT: [vendor] }, sorting: [] } as unknown as VendorsOut);
}

describe('the tab bar', () => {
  it('links no page that is not built, and Lottery only where the brand has one', () => {
    const tabs = bar();
    expect(within(tabs).queryByText('nav.promotions')).toBeNull();
    expect(within(tabs).queryByTestId('tab-lottery')).toBeNull();
    cleanup();
    withLottery();
    const lottery = within(bar()).getByTestId('tab-lottery');
    expect(lottery.getAttribute('href')).toBe('/lottery');
    expect(lottery.textContent).toBe('categories.LOTT');
  });

  it("opens Account on the member's own page, not the profit and loss", () => {
    store.set(tokenAtom, 'token');
    fireEvent.click(within(bar()).getByTestId('tab-account'));
    expect(store.get(memberCentreAtom)).toBe('securityCenter');
  });

  it('shows the unread messages on Account for a member, moving with the count', async () => {
    store.set(tokenAtom, 'token');
    const account = within(bar()).getByTestId('tab-account');
    expect((await within(account).findByText('3')).className).toBe('unread-badge');
    expect(unreadReads.some((url) => url.includes('/wps/member/messages/unread'))).toBe(true);
    act(() => setUnread(120));
    expect(within(account).getByText('99+')).toBeTruthy();
    act(() => setUnread(0));
    expect(account.querySelector('.unread-badge')).toBeNull();
  });

  it('shows no count to a visitor, and Account asks them to log in', () => {
    const account = within(bar()).getByTestId('tab-account');
    expect(account.querySelector('.unread-badge')).toBeNull();
    fireEvent.click(account);
    expect(store.get(memberCentreAtom)).toBeNull();
  });
});
