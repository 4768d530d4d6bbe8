import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { languageAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import type { HelpCategory } from '../api';
import { fakeServer, renderAt, setUp } from '../../../testing/portalTest';
import { HelpCentre, SEARCH_DEBOUNCE_MS } from './HelpCentre';

const categories: HelpCategory[] = [
  { id: 1, code: 'ABOUT', title: 'About us', articles: [{ id: 11, title: 'Who we are', content: '<p>We are a licensed site.</p>' }] },
  {
    id: 2, code: 'REFUND', title: 'Refund policy', articles: [
      { id: 21, title: 'Deposit refunds', content: '<p>Deposits are refunded within 3 days.</p>' },
      { id: 22, title: 'Void bets', content: '<p>Void bets return the stake.<script>window.bad=1</script></p>' },
    ],
  },
  { id: 3, code: 'CONTACT', title: 'Contact us', articles: [{ id: 31, title: 'Reach us', content: '<p>Write to us.</p>' }] },
];

function serve() {
  return fakeServer(({ path, query }) => {
    if (path !== '/wps/system/helpCenter') return undefined;
    const q = query.get('q')?.toLowerCase();
    if (!q) return { value: { categories } };
    const found = categories
      .map((c) => ({ ...c, articles: c.articles.filter((a) => `${a.title} ${a.content}`.toLowerCase().includes(q)) }))
      .filter((c) => c.articles.length > 0);
    return { value: { categories: found } };
  });
}

beforeAll(setUp);
beforeEach(() => store.set(languageAtom, 'EN'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const extra = (code: string) => (code === 'CONTACT' ? <p data-testid="contact-extra">channels</p> : null);
const article = () => screen.getByTestId('help-article');

describe('HelpCentre', () => {
  it('shows the first category and its article, in the language asked for', async () => {
    const server = serve();
    store.set(languageAtom, 'VI');
    renderAt('/help', <HelpCentre extra={extra} />);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('About us');
    await waitFor(() => expect(article().textContent).toBe('Who we areWe are a licensed site.'));
    expect(server.calls('/wps/system/helpCenter')).toHaveLength(1);
    expect(server.requests[0]!.query.get('q')).toBeNull();
    expect(server.requests[0]!.headers.Language).toBe('VI');
    expect(screen.queryByTestId('contact-extra')).toBeNull();
  });

  it('opens the category and article a deep link names, and #refund the older way', async () => {
    serve();
    renderAt('/help?cat=REFUND&article=22', <HelpCentre extra={extra} />);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Refund policy');
    await waitFor(() => expect(article().textContent).toBe('Void betsVoid bets return the stake.'));
    expect(article().querySelector('script')).toBeNull();
    cleanup();
    renderAt('/help#refund', <HelpCentre />);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Refund policy');
    expect(document.getElementById('refund')).not.toBeNull();
  });

  it('moves between categories and articles through the address', async () => {
    serve();
    const { router } = renderAt('/help', <HelpCentre extra={extra} />);
    const nav = await screen.findByRole('navigation', { name: 'Help topics' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Contact us' }));
    expect(router.state.location.search).toBe('?cat=CONTACT');
    expect(screen.getByTestId('contact-extra')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Refund policy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Void bets' }));
    expect(router.state.location.search).toBe('?cat=REFUND&article=22');
    expect(within(article()).getByRole('heading').textContent).toBe('Void bets');
  });

  it('searches once typing pauses, with ?q=, and opens a result', async () => {
    const server = serve();
    const { router } = renderAt('/help', <HelpCentre />);
    const box = await screen.findByRole('searchbox', { name: 'Search the help centre' });
    vi.useFakeTimers();
    for (const text of ['d', 'de', 'dep', 'depo']) fireEvent.change(box, { target: { value: text } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(server.calls('/wps/system/helpCenter')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    const results = await screen.findByTestId('help-results');
    const searches = server.calls('/wps/system/helpCenter').slice(1);
    expect(searches.map((r) => r.query.get('q'))).toEqual(['depo']);
    expect(within(results).getByText('Articles found: 1')).toBeTruthy();
    fireEvent.click(within(results).getByRole('button', { name: /Deposit refunds/ }));
    expect(router.state.location.search).toBe('?cat=REFUND&article=21');
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(article().textContent).toBe('Deposit refundsDeposits are refunded within 3 days.'));
  });

  it('says when a search finds nothing', async () => {
    serve();
    renderAt('/help', <HelpCentre />);
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing found for “zzz”.', {}, { timeout: 2000 })).toBeTruthy();
  });
});
