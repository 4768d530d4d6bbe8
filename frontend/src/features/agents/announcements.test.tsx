import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { store } from '../../state/store';
import type { Announcement, Announcements } from './api';
import { ANNOUNCEMENTS_PAGE_SIZE, AnnouncementsPage } from './pages/AnnouncementsPage';
import { fakeServer } from './testServer';

// The key and its values; errorText's defaultValue is how it asks, not part of the text.
const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const ANNOUNCEMENTS = '/wps/agent/announcements';
// 2026-11-27 08:05:09 UTC; the tests run in a zone away from UTC (vite.config.ts), which the date is shown in.
const WHEN = Date.UTC(2026, 10, 27, 8, 5, 9);

function notice(id: number, title: string, content: string, date = WHEN): Announcement {
  return { id, title, content, date, type: 'GENERAL' };
}

function page(list: Announcement[], pageNum = 1, totalPages = 1): { value: Announcements } {
  return { value: { list, pageNum, totalPages, total: list.length } };
}

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const show = async () => {
  render(<Provider store={store}><AnnouncementsPage /></Provider>);
  await flush();
};

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('agent announcements', () => {
  it('lists the titles and dates, newest first as sent, each opening to its text', async () => {
    server.once('GET', ANNOUNCEMENTS, page([
      notice(2, 'Commission day', '<p>Paid <b>today</b>.</p>'),
      notice(1, 'New tiers', '<p>Higher rates from Monday.</p>', WHEN - 86_400_000),
    ]));
    await show();
    expect(server.calls('GET', ANNOUNCEMENTS).map((c) => c.query)).toEqual([
      { platform: 'W', pageNum: '1', pageSize: String(ANNOUNCEMENTS_PAGE_SIZE) },
    ]);
    const items = screen.getAllByTestId('agent-announcement');
    expect(items.map((item) => within(item).getByRole('button').querySelector('.ac-notice-title')!.textContent))
      .toEqual(['Commission day', 'New tiers']);
    const time = items[0]!.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe('2026-11-27T08:05:09.000Z');
    expect(time.textContent).toBe('2026-11-27 15:05:09 GMT+7'); // Ho Chi Minh City's clock
    expect(screen.queryByTestId('agent-announcement-content')).toBeNull();

    const head = within(items[0]!).getByRole('button');
    expect(head.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(head);
    expect(head.getAttribute('aria-expanded')).toBe('true');
    const body = await screen.findByTestId('agent-announcement-content');
    await waitFor(() => expect(body.innerHTML).toBe('<p>Paid <b>today</b>.</p>'));
    expect(document.getElementById(head.getAttribute('aria-controls')!)?.contains(body)).toBe(true);

    // One open at a time; a second click closes it.
    fireEvent.click(within(items[1]!).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('agent-announcement-content').textContent).toBe('Higher rates from Monday.'));
    expect(head.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(items[1]!).getByRole('button'));
    expect(screen.queryByTestId('agent-announcement-content')).toBeNull();
  });

  it('renders the HTML sanitised once more, as the notice modal does', async () => {
    server.once('GET', ANNOUNCEMENTS, page([
      notice(3, 'Careful', '<p onclick="window.pwned=1">Hi</p><script>window.pwned=2</script><a href="javascript:alert(1)">x</a><img src="/x.png" onerror="window.pwned=3">'),
    ]));
    await show();
    fireEvent.click(screen.getByRole('button', { name: /Careful/ }));
    const body = await screen.findByTestId('agent-announcement-content');
    await waitFor(() => expect(body.textContent).toContain('Hi'));
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onclick|onerror|javascript:/i);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('asks for the page chosen', async () => {
    server.once('GET', ANNOUNCEMENTS, page([notice(9, 'Page one', '')], 1, 2));
    server.once('GET', ANNOUNCEMENTS, page([notice(4, 'Page two', '')], 2, 2));
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'pagination.page {"page":2}' }));
    await flush();
    expect(server.calls('GET', ANNOUNCEMENTS).map((c) => c.query.pageNum)).toEqual(['1', '2']);
    expect(screen.getByText('Page two')).toBeTruthy();
    expect(screen.queryByText('Page one')).toBeNull();
  });

  it('says when there is none', async () => {
    server.once('GET', ANNOUNCEMENTS, page([]));
    await show();
    expect(screen.getByText('agentCentre.announcements.empty')).toBeTruthy();
  });

  it("shows the server's refusal in the agent's words", async () => {
    server.once('GET', ANNOUNCEMENTS, { code: 'AGENT_ONLY', status: 403 });
    await show();
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_ONLY');
  });
});
