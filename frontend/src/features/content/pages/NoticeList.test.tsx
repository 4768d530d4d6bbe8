import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { languageAtom, tokenAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import type { Notice } from '../api';
import { fakeServer, renderAt, setUp } from '../../../testing/portalTest';
import { NoticeList } from './NoticeList';

// 20 announcements, one an hour from 2026-11-27 00:00:00 UTC back.
const all: Notice[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  title: `Announcement ${i + 1}`,
  content: `<p>Text ${i + 1}</p>`,
  date: Date.UTC(2026, 10, 27, 0, 0, 0) - i * 3_600_000,
  type: i === 0 ? 'MAINTENANCE' : 'GENERAL',
}));

function serve(list = all) {
  return fakeServer(({ path, query }) => {
    if (path !== '/wps/system/announcements') return undefined;
    const pageNo = Number(query.get('pageNo'));
    const size = Number(query.get('pageSize'));
    return {
      value: {
        list: list.slice((pageNo - 1) * size, pageNo * size),
        pageNum: pageNo,
        totalPages: Math.ceil(list.length / size),
        total: list.length,
      },
    };
  });
}

beforeAll(setUp);
beforeEach(() => {
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const titles = () => within(screen.getByTestId('notice-list')).getAllByRole('listitem').map((li) => li.querySelector('.notice-row-title')?.textContent);

describe('/noticePage', () => {
  it('lists the web announcements 9 a page, with their dates in the player zone', async () => {
    const server = serve();
    renderAt('/noticePage', <NoticeList />);
    await screen.findByTestId('notice-list');
    expect(titles()).toEqual(all.slice(0, 9).map((n) => n.title));
    const [asked] = server.calls('/wps/system/announcements');
    expect(asked!.query.get('pageSize')).toBe('9');
    expect(asked!.query.get('platform')).toBe('W');
    // 2026-11-27 00:00:00 UTC is 07:00:00 in Ho Chi Minh City, where the tests' browser is.
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByText('2026-11-27 07:00:00').getAttribute('datetime')).toBe('2026-11-27T00:00:00.000Z');
    expect(within(first).getByText('Maintenance')).toBeTruthy();
  });

  it('pages through the server pages, keeping the page in the address', async () => {
    const server = serve();
    const { router } = renderAt('/noticePage', <NoticeList />);
    await screen.findByTestId('notice-list');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(titles()).toEqual(['Announcement 19', 'Announcement 20']));
    expect(server.calls('/wps/system/announcements').map((r) => r.query.get('pageNo'))).toEqual(['1', '3']);
    expect(router.state.location.search).toBe('?page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(titles()).toEqual(all.slice(9, 18).map((n) => n.title)));
  });

  it('opens on the page in the address, and the modal on the item chosen', async () => {
    serve();
    renderAt('/noticePage?page=2', <NoticeList />);
    await screen.findByTestId('notice-list');
    expect(titles()![0]).toBe('Announcement 10');
    fireEvent.click(screen.getByRole('button', { name: /Announcement 12/ }));
    const dialog = await screen.findByTestId('notice-modal');
    expect(within(dialog).getByRole('button', { name: 'Announcement 12', current: true })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('notice-content').textContent).toBe('Text 12'));
  });

  it('says when there is nothing, and shows a failure by its code', async () => {
    serve([]);
    renderAt('/noticePage', <NoticeList />);
    expect(await screen.findByText('No announcements right now.')).toBeTruthy();
    cleanup();
    fakeServer(() => ({ status: 429, errorCode: 'TOO_MANY_REQUEST' }));
    renderAt('/noticePage', <NoticeList />);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, please retry later');
  });
});
