import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../../api/system';
import { brandAtom, languageAtom, tokenAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import type { HomeNotice, Notice } from '../api';
import { playerDay } from '../dates';
import { POPUP_SHOWN_KEY, popupHiddenKey } from '../popup';
import { fakeServer, renderAt, setUp } from '../../../testing/portalTest';
import { HomeNotices } from './HomeNotices';

const notice = (id: number, title = `Notice ${id}`): Notice => ({
  id, title, content: `<p>Body of ${title}</p><img src="x" onerror="window.hacked=1">`, date: Date.UTC(2026, 10, 27, 1, 2, 3), type: 'GENERAL',
});
const popup = [notice(1, 'Welcome bonus'), notice(2, 'New games')];
const announcements = Array.from({ length: 12 }, (_, i) => notice(100 + i, `Announcement ${i + 1}`));

let home: HomeNotice;

function serve() {
  return fakeServer(({ path, query }) => {
    if (path === '/wps/system/notice') return { value: home };
    if (path === '/wps/system/announcements') {
      const pageNo = Number(query.get('pageNo'));
      const list = announcements.slice((pageNo - 1) * 9, pageNo * 9);
      return { value: { list, pageNum: pageNo, totalPages: 2, total: announcements.length } };
    }
    return undefined;
  });
}

beforeAll(setUp);
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  home = { player: [], banners: [], popup, promotion: [] };
  store.set(brandAtom, { merchantCode: 'demo1' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const showHome = () => renderAt('/', <HomeNotices />);

async function closeModal(testId: string) {
  // The modal animates its exit once its animation code is there (it loads as the modal opens): a player
  // cannot close it sooner, and a test must not either.
  await act(() => import('../../../components/motionFeatures'));
  const dialog = screen.getByTestId(testId);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId(testId)).toBeNull());
}

describe('HomeNotices', () => {
  it('asks for the notices and the first 9 web announcements', async () => {
    const server = serve();
    showHome();
    await screen.findByTestId('popup-notice');
    expect(server.calls('/wps/system/notice').map((r) => r.query.get('platform'))).toEqual(['W']);
    const [asked] = server.calls('/wps/system/announcements');
    expect(Object.fromEntries(asked!.query)).toEqual({
      types: 'GENERAL,PROMOTION,MAINTENANCE', platform: 'W', pageNo: '1', pageSize: '9',
    });
  });

  it('opens the popup once per session, on its first notice, with the content sanitised', async () => {
    const server = serve();
    const first = showHome();
    const dialog = await screen.findByTestId('popup-notice');
    expect(within(dialog).getByRole('heading', { name: 'Notification' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Welcome bonus', current: true })).toBeTruthy();
    const body = within(dialog).getByTestId('notice-content');
    await waitFor(() => expect(body.textContent).toBe('Body of Welcome bonus'));
    expect(body.innerHTML).not.toContain('onerror');
    fireEvent.click(within(dialog).getByRole('button', { name: 'New games' }));
    await waitFor(() => expect(within(dialog).getByTestId('notice-content').textContent).toBe('Body of New games'));
    expect(sessionStorage.getItem(POPUP_SHOWN_KEY)).toBe('1');
    await closeModal('popup-notice');
    first.unmount();

    // Back on the home page in the same session: the notices come again (the player notice shows they
    // arrived), the popup does not.
    home = { ...home, player: [notice(9, 'Arrived')] };
    showHome();
    await screen.findByRole('button', { name: /Arrived/ });
    expect(server.calls('/wps/system/notice')).toHaveLength(2);
    expect(screen.queryByTestId('popup-notice')).toBeNull();
  });

  it('keeps the popup away for the rest of the day when "do not show again today" is ticked', async () => {
    serve();
    const first = showHome();
    const dialog = await screen.findByTestId('popup-notice');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Do not show again today' }));
    await closeModal('popup-notice');
    // The player's day, in the browser's zone (the tests run in Asia/Ho_Chi_Minh).
    expect(localStorage.getItem(popupHiddenKey('demo1'))).toBe(playerDay(new Date()));
    first.unmount();

    // A new session the same day: still hidden.
    sessionStorage.clear();
    home = { ...home, player: [notice(9, 'Arrived')] };
    const second = showHome();
    await screen.findByRole('button', { name: /Arrived/ });
    expect(screen.queryByTestId('popup-notice')).toBeNull();
    second.unmount();

    // Another merchant's choice, or yesterday's, does not hide it.
    localStorage.setItem(popupHiddenKey('demo1'), '2000-01-01');
    localStorage.setItem(popupHiddenKey('other'), playerDay(new Date()));
    showHome();
    expect(await screen.findByTestId('popup-notice')).toBeTruthy();
  });

  it('closing without ticking the box remembers nothing for the day', async () => {
    serve();
    showHome();
    await screen.findByTestId('popup-notice');
    await closeModal('popup-notice');
    expect(localStorage.getItem(popupHiddenKey('demo1'))).toBeNull();
  });

  it('opens no popup when there is none', async () => {
    home = { ...home, popup: [] };
    serve();
    showHome();
    await screen.findByTestId('notice-marquee');
    expect(screen.queryByTestId('popup-notice')).toBeNull();
    expect(sessionStorage.getItem(POPUP_SHOWN_KEY)).toBeNull();
  });

  it('runs the announcements in a marquee; a title opens the Notification modal on it', async () => {
    home = { ...home, popup: [] };
    serve();
    showHome();
    const marquee = await screen.findByTestId('notice-marquee');
    // The second copy (for the endless run) is hidden from assistive technology.
    expect(within(marquee).getAllByRole('button')).toHaveLength(9);
    fireEvent.click(within(marquee).getByRole('button', { name: 'Announcement 4' }));
    const dialog = await screen.findByTestId('notice-modal');
    expect(within(dialog).getByRole('button', { name: 'Announcement 4', current: true })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('notice-content').textContent).toBe('Body of Announcement 4'));
    expect(within(dialog).getByText('2026-11-27 08:02:03')).toBeTruthy();
  });

  it('lists the notices for the signed-in player, and asks again when the player changes', async () => {
    home = { ...home, popup: [], player: [notice(7, 'Your VIP gift')] };
    const server = serve();
    showHome();
    const row = await screen.findByRole('button', { name: /Your VIP gift/ });
    expect(row.textContent).toContain('2026-11-27 08:02:03');
    fireEvent.click(row);
    const dialog = await screen.findByTestId('notice-modal');
    expect(within(dialog).getByRole('button', { name: 'Your VIP gift', current: true })).toBeTruthy();
    act(() => store.set(tokenAtom, 'token-1'));
    await waitFor(() => expect(server.calls('/wps/system/notice')).toHaveLength(2));
  });

  it('shows the promotion tiles and banners it is given', async () => {
    home = {
      player: [], popup: [],
      banners: [{ id: 1, title: 'Big banner', imageUrl: '/b.png', linkUrl: '/promotions' }],
      promotion: [
        { id: 2, title: 'Weekly cashback', imageUrl: '/p.png', linkUrl: 'https://x.example/p' },
        { id: 3, title: 'No picture', imageUrl: null, linkUrl: null },
      ],
    };
    serve();
    showHome();
    expect(await screen.findByTestId('banner-carousel')).toBeTruthy();
    const tile = screen.getByRole('link', { name: /Weekly cashback/ });
    expect(tile.getAttribute('href')).toBe('https://x.example/p');
    expect(tile.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText('No picture')).toBeNull();
  });

  it('leads a promotion tile without a link of its own to the promotions page', async () => {
    home = {
      player: [], popup: [], banners: [],
      promotion: [{ id: 4, title: 'Reload Friday', imageUrl: '/r.png', linkUrl: null }],
    };
    serve();
    showHome();
    expect((await screen.findByRole('link', { name: /Reload Friday/ })).getAttribute('href')).toBe('/promotions');
  });
});

describe('the Notification modal', () => {
  it('lists 9 a page and opens on the page of the notice chosen', async () => {
    home = { ...home, popup: [] };
    serve();
    const { NoticeModal } = await import('./NoticeModal');
    renderAt('/', <NoticeModal open notices={announcements} index={10} onClose={() => undefined} />);
    const dialog = await screen.findByTestId('notice-modal');
    const list = within(dialog).getByRole('navigation', { name: 'Notices' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Announcement 10', 'Announcement 11', 'Announcement 12']);
    expect(within(list).getByRole('button', { name: 'Announcement 11', current: true })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Page 2', current: 'page' })).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Page 1' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    // The chosen notice stays shown while the list pages.
    expect(within(dialog).getByRole('heading', { name: 'Announcement 11' })).toBeTruthy();
  });
});
