import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chartSeries, dayLabel, isNegative, plotValue } from './components/dashboard/series';
import { dayChoice, REFRESH_MS } from './dashboardApi';
import { address, answer, click, keptToken, mount, params, reads, type Sent, serve, staffMe, tearDown } from './testing';

// jsdom has no canvas: the charting library is replaced at its boundary by a stand-in that keeps what the
// chart was given (options, data, sizes), so the wiring is tested and the drawing is left to the browser test.
const plots = vi.hoisted(() => {
  interface Made {
    options: { width: number; height: number; series: { label?: string; value?: unknown }[] };
    data: unknown[][];
    sizes: { width: number; height: number }[];
    destroyed: boolean;
  }
  const made: Made[] = [];
  return { made, fail: false };
});

vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    record: (typeof plots.made)[number];
    constructor(options: (typeof plots.made)[number]['options'], data: unknown[][]) {
      if (plots.fail) throw new Error('no canvas');
      this.record = { options, data, sizes: [], destroyed: false };
      plots.made.push(this.record);
    }
    setData(data: unknown[][]) {
      this.record.data = data;
    }
    setSize(size: { width: number; height: number }) {
      this.record.sizes.push(size);
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: FakePlot };
});

const dashboardCalls = (sent: Sent[]) => reads(sent, '/wps/admin/dashboard');

const AUDITOR = staffMe('AUDITOR', ['audit.read', 'brand.read', 'cashier.read', 'dashboard.read', 'members.read', 'staff.read']);
const SUPPORT = staffMe('SUPPORT', ['members.note', 'members.read']);

const day = (date: string, deposits: string, ggr: string, newMembers = 0) => ({
  day: date,
  deposits,
  withdrawals: '20.00',
  stakes: '300.00',
  wins: '250.00',
  ggr,
  newMembers,
});
const DAYS = [day('2026-03-05', '100000000000.01', '50.00', 1), day('2026-03-06', '0.00', '-12.50'), day('2026-03-07', '1234.50', '7.25', 3)];
const DASHBOARD = { days: DAYS, playersActive: 5 };

const period = (request: Sent) => Number(params(request).days);

const tile = (id: string) => screen.getByTestId(`tile-${id}`);
const value = (id: string) => tile(id).querySelector('.cs-dash-value')!.textContent;

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the dashboard data, shaped for the chart', () => {
  it('turns the server strings into plotting numbers, a gap for what is not an amount', () => {
    expect(chartSeries(DAYS)).toEqual({
      x: [0, 1, 2],
      labels: ['03-05', '03-06', '03-07'],
      ggr: [50, -12.5, 7.25],
      deposits: [100000000000.01, 0, 1234.5],
      withdrawals: [20, 20, 20],
    });
    expect(plotValue('abc')).toBeNull();
    expect(plotValue('')).toBeNull();
    expect(plotValue('1e3')).toBeNull();
    expect(plotValue('-0.30')).toBe(-0.3);
    expect(chartSeries([])).toEqual({ x: [], labels: [], ggr: [], deposits: [], withdrawals: [] });
  });

  it('labels days as MM-DD, reads a negative from the string, and offers 7, 14 or 30 days', () => {
    expect(dayLabel('2026-12-31')).toBe('12-31');
    expect(dayLabel('soon')).toBe('soon');
    expect(isNegative('-12.50')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('12.50')).toBe(false);
    expect([dayChoice('14'), dayChoice('30'), dayChoice('31'), dayChoice(null), dayChoice('x')]).toEqual([14, 30, 7, 7, 7]);
  });
});

describe('the dashboard page', () => {
  let width = 900;
  let resized: (() => void) | null = null;

  beforeEach(() => {
    keptToken();
    plots.made.length = 0;
    plots.fail = false;
    visibility = 'visible';
    width = 900;
    resized = null;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {
          resized = null;
        }
      },
    );
  });
  afterEach(() => {
    tearDown();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is the landing page of a role that reads it: today as tiles, in the server strings, and the chart', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(AUDITOR), 'GET /wps/admin/dashboard': () => answer(DASHBOARD) });
    await mount('/');
    await waitFor(() => expect(address()).toBe('/dashboard'));
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link')[0]!.textContent).toBe('Dashboard');
    expect(await screen.findByRole('heading', { name: 'Today, 2026-03-07 (UTC)' })).toBeTruthy();
    expect(value('deposits')).toBe('1234.50');
    expect(value('withdrawals')).toBe('20.00');
    expect(value('stakes')).toBe('300.00');
    expect(value('wins')).toBe('250.00');
    expect(value('ggr')).toBe('7.25');
    expect(value('new-members')).toBe('3');
    expect(value('players-online')).toBe('5');
    expect(tile('players-online').textContent).toContain('Live');
    expect(screen.getByTestId('dashboard-updated').textContent).toMatch(/^Last updated \d{2}:\d{2}:\d{2} GMT\+7$/);
    expect(period(dashboardCalls(sent)[0]!)).toBe(7);

    // The chart, loaded lazily: its data are the plotting numbers, its legend the server's strings.
    await waitFor(() => expect(plots.made).toHaveLength(1));
    const chart = plots.made[0]!;
    expect(chart.data).toEqual([[0, 1, 2], [50, -12.5, 7.25], [100000000000.01, 0, 1234.5], [20, 20, 20]]);
    expect(chart.options.series.map((s) => s.label)).toEqual(['Day (UTC)', 'GGR', 'Deposits', 'Withdrawals']);
    const legend = chart.options.series[2]!.value as (u: unknown, raw: number, s: number, idx: number | null) => string;
    expect(legend(null, 100000000000.01, 2, 0)).toBe('100000000000.01');
    expect(legend(null, 0, 2, null)).toBe('1234.50'); // nothing hovered: today
    expect(chart.options.width).toBe(900);

    // The daily table: newest first, a negative GGR marked.
    const rows = within(screen.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows.map((row) => row.querySelector('th')!.textContent)).toEqual(['2026-03-07', '2026-03-06', '2026-03-05']);
    expect(within(rows[1]!).getByText('-12.50').className).toContain('is-negative');
  });

  it('follows its container width and reads the period chosen', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/dashboard': (request) => answer({ ...DASHBOARD, days: period(request) === 30 ? [...DAYS, day('2026-03-08', '9.99', '1.00')] : DAYS }),
    });
    await mount('/dashboard');
    await waitFor(() => expect(plots.made).toHaveLength(1));
    width = 700; // a tablet held upright
    act(() => resized?.());
    expect(plots.made[0]!.sizes).toEqual([{ width: 700, height: 260 }]);

    const periods = screen.getByRole('group', { name: 'Period' });
    expect(within(periods).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await click('30 days', periods);
    await waitFor(() => expect(value('deposits')).toBe('9.99'));
    expect(address()).toBe('/dashboard?days=30');
    expect(period(dashboardCalls(sent).at(-1)!)).toBe(30);
    expect(within(periods).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    // New data into the same chart, not a new one.
    expect(plots.made).toHaveLength(1);
    expect(plots.made[0]!.data[0]).toEqual([0, 1, 2, 3]);
    expect(screen.getByRole('heading', { name: 'The last 4 days (UTC)' })).toBeTruthy();
  });

  it('reads again every 30 s while in view, not while hidden, and at once on coming back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let online = 5;
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/dashboard': () => answer({ ...DASHBOARD, playersActive: online }),
    });
    await mount('/dashboard');
    await waitFor(() => expect(value('players-online')).toBe('5'));
    expect(dashboardCalls(sent)).toHaveLength(1);

    online = 8;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    await waitFor(() => expect(value('players-online')).toBe('8'));
    expect(dashboardCalls(sent)).toHaveLength(2);

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS * 3));
    expect(dashboardCalls(sent)).toHaveLength(2);

    online = 9;
    act(() => setVisibility('visible'));
    await waitFor(() => expect(value('players-online')).toBe('9'));
    expect(dashboardCalls(sent)).toHaveLength(3);
  });

  it('keeps the figures when a refresh fails, and says so; the chart missing leaves the rest', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    plots.fail = true;
    let down = false;
    serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/dashboard': () => (down ? answer(null, 500, 'INTERNAL_ERROR') : answer(DASHBOARD)),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the chart's failure
    await mount('/dashboard');
    expect(await screen.findByText('The chart cannot be shown here; the figures are in the table below.')).toBeTruthy();
    expect(value('deposits')).toBe('1234.50');

    down = true;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not do this. Please try again.');
    expect(value('deposits')).toBe('1234.50');
    down = false;
    await click('Refresh');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('is not offered to support, and says so at its address without asking the server', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(SUPPORT), 'GET /wps/admin/dashboard': () => answer(DASHBOARD) });
    await mount('/');
    await waitFor(() => expect(address()).toBe('/members'));
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    cleanup();
    await mount('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not give access to this section.');
    expect(dashboardCalls(sent)).toHaveLength(0);
  });
});
