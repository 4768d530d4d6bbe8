import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { I18nProvider } from '../../i18n/react';
import { bootHouse } from '../boot';
import { HouseApp } from '../HouseApp';
import { initHouseI18n } from '../i18n';
import { resetHouseSession } from '../testReset';

const envelope = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { status: 200, headers: { 'Content-Type': 'application/json' } });

// Golden Dragon as the server describes it (trimmed to what the screen reads).
const CONFIG = {
  lines: 20,
  lineBets: ['0.05', '1.00'],
  rows: 3,
  reels: 5,
  symbols: ['DRAGON', 'INGOT', 'FAN', 'COIN', 'PEARL'],
  paylines: [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2]],
  paytable: { DRAGON: { '3': 25, '4': 150, '5': 500 }, INGOT: { '3': 20, '4': 80, '5': 300 }, FAN: { '3': 5 }, COIN: { '3': 4 } },
  wild: 'DRAGON',
  scatter: 'PEARL',
  scatterPays: { '3': 2, '4': 10, '5': 50 },
  wildMultiplier: 1,
  freeSpins: { spins: 2, multiplier: 4, retrigger: true, trigger: 3 },
  volatility: 'MEDIUM',
  rtp: '95.47',
};

const SESSION = {
  sessionId: 'sess-1',
  game: { code: 'slot-golden-dragon', type: 'SLOT', name: 'Golden Dragon' },
  player: { nickname: 'amy', currency: 'PHP', demo: true },
  merchant: 'demo',
  balance: '2000.00',
  fairness: { serverSeedHash: 'h0', clientSeed: 'c', nonce: 0 },
  config: CONFIG,
};

const QUIET = [['FAN', 'COIN', 'INGOT'], ['COIN', 'FAN', 'INGOT'], ['INGOT', 'COIN', 'FAN'], ['FAN', 'INGOT', 'COIN'], ['COIN', 'FAN', 'INGOT']];

// Three pearls on the top row: 2 x the total bet (40.00), and two free spins at x4.
const ROUND = {
  roundId: 9,
  bet: '20.00',
  win: '200.00',
  balance: '2180.00',
  outcome: {
    grid: [['PEARL', 'FAN', 'COIN'], ['PEARL', 'COIN', 'FAN'], ['PEARL', 'INGOT', 'COIN'], ['FAN', 'INGOT', 'COIN'], ['COIN', 'FAN', 'INGOT']],
    lineWins: [],
    scatterWin: '40.00',
    baseWin: '40.00',
    freeSpins: [
      {
        grid: QUIET.map((column, reel) => (reel < 3 ? ['INGOT', ...column.slice(1)] : column)),
        lineWins: [{ line: 1, symbol: 'INGOT', count: 3, amount: '80.00' }],
        scatterWin: '0.00',
        win: '160.00',
        multiplier: 4,
        retrigger: false,
      },
      { grid: QUIET, lineWins: [], scatterWin: '0.00', win: '0.00', multiplier: 4, retrigger: false },
    ],
    freeSpinsWin: '160.00',
  },
  fairness: { serverSeed: 's0', serverSeedHash: 'h0', clientSeed: 'c', nonce: 0, nextServerSeedHash: 'h1' },
};

async function mount() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(url.endsWith('/session') ? envelope(SESSION) : url.endsWith('/round') ? envelope(ROUND) : envelope({ balance: '2180.00' })),
    ),
  );
  const i18n = await initHouseI18n('EN');
  await bootHouse({ token: 'fresh-token', lang: 'EN', game: null, merchant: 'demo' });
  return render(
    <I18nProvider i18n={i18n}>
      <HouseApp />
    </I18nProvider>,
  );
}

function reduceMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    })),
  );
}

describe('slot screen', () => {
  afterEach(resetHouseSession);

  it('draws the game’s own symbols, named, and its rules from the config', async () => {
    await mount();
    expect(screen.getAllByRole('img', { name: 'Dragon' }).length).toBeGreaterThan(0);
    const info = screen.getByTestId('slot-info');
    expect(within(info).getByTestId('slot-volatility').textContent).toBe('Volatility: Medium');
    expect(within(info).getByTestId('slot-rtp').textContent).toBe('RTP 95.47%');
    expect(within(info).getByTestId('slot-free-spins-rule').textContent).toBe(
      '3 or more Pearl award 2 free spins at x4, played at no cost within the same round. More Pearl during free spins win 2 more.',
    );
    expect(within(info).getAllByTestId('slot-paytable-row').map((row) => row.getAttribute('data-symbol'))).toEqual([
      'DRAGON',
      'INGOT',
      'FAN',
      'COIN',
    ]);
    expect(screen.getByTestId('slot-spin').className).toContain('hs-btn--spin');
  });

  it('plays the free spins after the paid spin and settles the round’s one win', async () => {
    reduceMotion();
    await mount();
    await act(async () => {
      fireEvent.click(screen.getByTestId('slot-linebet-1.00'));
    });
    expect(screen.getByTestId('slot-total').getAttribute('data-amount')).toBe('20.00');
    await act(async () => {
      fireEvent.click(screen.getByTestId('slot-spin'));
    });
    const win = screen.getByTestId('slot-win');
    await waitFor(() => expect(win.getAttribute('data-round-id')).toBe('9'));
    expect(win.getAttribute('data-state')).toBe('settled');
    expect(win.getAttribute('data-amount')).toBe('200.00');
    expect(screen.getAllByTestId('slot-free-spin')).toHaveLength(2);
    expect(screen.getByTestId('slot-free-total').getAttribute('data-amount')).toBe('160.00');
    // Reduced motion: the paid spin stays on the reels, its three pearls lit for the scatter win.
    expect(document.querySelectorAll('[data-lit="true"][data-symbol="PEARL"]')).toHaveLength(3);
    expect(screen.getAllByTestId('house-history-row')[0]!.textContent).toContain('free spins: 2');
  });

  it('shows each free spin in turn when motion is welcome', async () => {
    await mount();
    await act(async () => {
      fireEvent.click(screen.getByTestId('slot-spin'));
    });
    await waitFor(() => expect(screen.getByTestId('slot-free-banner').textContent).toBe('2 free spins!'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('slot-free-counter').textContent).toBe('Free spin 1 of 2'), { timeout: 4000 });
    expect(screen.getByTestId('slot-win').getAttribute('data-state')).toBe('spinning');
    await waitFor(() => expect(screen.getByTestId('slot-win').getAttribute('data-round-id')).toBe('9'), { timeout: 6000 });
    expect(screen.getByTestId('slot-win').getAttribute('data-amount')).toBe('200.00');
  }, 10_000);
});
