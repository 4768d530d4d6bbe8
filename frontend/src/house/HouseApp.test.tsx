import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { I18nProvider } from '../i18n/react';
import { bootHouse } from './boot';
import { HouseApp } from './HouseApp';
import { initHouseI18n } from './i18n';
import { resetHouseSession } from './testReset';

const envelope = (value: unknown, status = 200, errorCode?: string) =>
  new Response(JSON.stringify(errorCode ? { success: false, errorCode, message: errorCode, value } : { success: true, value }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const SLOT_SESSION = {
  sessionId: 'sess-9',
  game: { code: 'slot-lucky-koi', type: 'SLOT', name: 'Lucky Koi' },
  player: { nickname: 'amy', currency: 'PHP', demo: true },
  merchant: 'demo',
  balance: '2000.00',
  fairness: { serverSeedHash: 'h0', clientSeed: 'c', nonce: 0 },
  config: {
    lines: 20,
    lineBets: ['0.05', '0.10'],
    rows: 3,
    reels: 5,
    symbols: ['A', 'K', 'Q'],
    paylines: [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0]],
    paytable: { A: { '3': 5, '4': 10, '5': 50 } },
    wild: 'KOI',
    scatter: 'LOTUS',
    scatterPays: { '3': 2 },
    wildMultiplier: 1,
    freeSpins: { spins: 10, multiplier: 2, retrigger: false, trigger: 3 },
    volatility: 'LOW',
    rtp: '95.95',
  },
};

const SPIN = {
  roundId: 77,
  bet: '1.00',
  win: '0.25',
  balance: '1999.25',
  outcome: {
    grid: [
      ['K', 'A', 'Q'],
      ['K', 'A', 'Q'],
      ['Q', 'A', 'K'],
      ['Q', 'K', 'K'],
      ['K', 'Q', 'A'],
    ],
    lineWins: [{ line: 0, symbol: 'A', count: 3, amount: '0.25' }],
    scatterWin: '0.00',
    baseWin: '0.25',
    freeSpins: [],
    freeSpinsWin: '0.00',
  },
  fairness: { serverSeed: 's0', serverSeedHash: 'h0', clientSeed: 'c', nonce: 0, nextServerSeedHash: 'h1' },
};

async function mount(token: string) {
  const i18n = await initHouseI18n('EN');
  await bootHouse({ token, lang: 'EN', game: null, merchant: 'demo' });
  return render(
    <I18nProvider i18n={i18n}>
      <HouseApp />
    </I18nProvider>,
  );
}

describe('house page', () => {
  afterEach(resetHouseSession);

  it('tells the player to relaunch when the launch token was already used', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(envelope(null, 401, 'LAUNCH_TOKEN_INVALID')));
    await mount('used-token');
    expect(screen.getByTestId('house-expired').textContent).toMatch(/relaunch the game from the portal/);
  });

  it('spins the slot: bet, reels, win, balance and history', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(url.endsWith('/session') ? envelope(SLOT_SESSION) : url.endsWith('/round') ? envelope(SPIN) : envelope({ balance: '1999.25' })),
    );
    vi.stubGlobal('fetch', fetch);
    await mount('fresh-token');
    expect(screen.getByTestId('house-game-name').textContent).toBe('Lucky Koi');
    expect(screen.getByTestId('house-demo')).toBeTruthy();
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('2000.00');
    expect(screen.getByTestId('slot-total').textContent).toBe('1.00');

    await act(async () => {
      fireEvent.click(screen.getByTestId('slot-spin'));
    });
    await waitFor(() => expect(screen.getByTestId('slot-win').getAttribute('data-state')).toBe('settled'), {
      timeout: 4000,
    });
    await waitFor(() => expect(screen.getByTestId('slot-win').getAttribute('data-round-id')).toBe('77'));
    expect(screen.getByTestId('slot-win').textContent).toBe('0.25');
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('1999.25');
    expect(screen.getAllByTestId('slot-line')).toHaveLength(1);
    expect(document.querySelectorAll('[data-lit="true"]')).toHaveLength(3);
    expect(screen.getAllByTestId('house-history-row')).toHaveLength(1);
    const [, init] = fetch.mock.calls[1]! as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'X-House-Session': 'sess-9' });
    expect(JSON.parse(String(init.body))).toEqual({ lineBet: '0.05' });
  });
});
