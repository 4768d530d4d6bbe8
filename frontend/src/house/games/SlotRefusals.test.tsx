// Player protection in the house's games (issue 34): a spin the wallet refuses because of a limit the member
// set shows that limit's own words (the house passes the code on, server/house/remote_bets.py), not the
// insufficient balance nor an expired session.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { I18nProvider } from '../../i18n/react';
import { bootHouse } from '../boot';
import { HouseApp } from '../HouseApp';
import { errorKey, HOUSE_LANGUAGES, HOUSE_RESOURCES, initHouseI18n } from '../i18n';
import { resetHouseSession } from '../testReset';

const SESSION = {
  sessionId: 'sess-1',
  game: { code: 'slot-golden-dragon', type: 'SLOT', name: 'Golden Dragon' },
  player: { nickname: 'amy', currency: 'PHP', demo: false },
  merchant: 'demo',
  balance: '100.00',
  fairness: { serverSeedHash: 'h0', clientSeed: 'c', nonce: 0 },
  config: {
    lines: 20,
    lineBets: ['0.05', '1.00'],
    rows: 3,
    reels: 5,
    symbols: ['DRAGON', 'INGOT', 'FAN', 'COIN', 'PEARL'],
    paylines: [[1, 1, 1, 1, 1]],
    paytable: { DRAGON: { '3': 25 } },
    wild: 'DRAGON',
    scatter: 'PEARL',
    scatterPays: { '3': 2 },
    wildMultiplier: 1,
    freeSpins: { spins: 2, multiplier: 4, retrigger: true, trigger: 3 },
    volatility: 'MEDIUM',
    rtp: '95.47',
  },
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The house's answer to the spin: the limit's refusal, with its value and the balance.
async function mountRefusing(status: number, errorCode: string, value: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/session')
          ? answer(200, { success: true, value: SESSION })
          : url.endsWith('/round')
            ? answer(status, { success: false, errorCode, message: 'refused', value })
            : answer(200, { success: true, value: { balance: '100.00' } }),
      ),
    ),
  );
  const i18n = await initHouseI18n('EN');
  await bootHouse({ token: 'fresh-token', lang: 'EN', game: null, merchant: 'demo' });
  render(
    <I18nProvider i18n={i18n}>
      <HouseApp />
    </I18nProvider>,
  );
}

async function spin() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('slot-spin'));
  });
  return waitFor(() => screen.getByTestId('house-error'));
}

describe('a spin refused by a limit the member set', () => {
  afterEach(() => {
    resetHouseSession();
    vi.unstubAllGlobals();
  });

  it("shows LIMIT_LOSS's words", async () => {
    await mountRefusing(409, 'LIMIT_LOSS', { period: 'DAY', limit: '50.00', left: '1.50', balance: '100.00' });
    const note = await spin();
    expect(note.getAttribute('data-code')).toBe('LIMIT_LOSS');
    expect(note.textContent).toContain('This bet could take you over the loss limit you set.');
    expect(note.textContent).not.toContain('Insufficient balance');
    // The game goes on: the balance stays and the reels are there to spin again.
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('100.00');
    expect((screen.getByTestId('slot-spin') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the wager limit, the session time limit and an exclusion in their own words', async () => {
    await mountRefusing(409, 'LIMIT_WAGER', { period: 'WEEK', limit: '10.00', left: '0.00', balance: '100.00' });
    expect((await spin()).textContent).toContain('This bet is over the wager limit you set.');
    resetHouseSession();
    document.body.innerHTML = '';
    await mountRefusing(403, 'SESSION_LIMIT', { endsAt: 1_764_000_000_000, balance: '100.00' });
    expect((await spin()).textContent).toContain('Your session time limit is reached');
    resetHouseSession();
    document.body.innerHTML = '';
    await mountRefusing(403, 'SELF_EXCLUDED', { kind: 'TIME_OUT', until: 1_764_000_000_000, withdrawable: '100.00' });
    expect((await spin()).textContent).toContain('This account is excluded from play.');
  });

  it('has those words in every language', () => {
    for (const code of ['LIMIT_LOSS', 'LIMIT_WAGER', 'SESSION_LIMIT', 'SELF_EXCLUDED']) {
      expect(errorKey(code)).toBe(`errors.${code}`);
      const english = (HOUSE_RESOURCES.EN.translation.errors as Record<string, string>)[code];
      for (const language of HOUSE_LANGUAGES.filter((l) => l !== 'EN')) {
        const text = (HOUSE_RESOURCES[language].translation.errors as Record<string, string>)[code];
        expect(text, `${language} ${code}`).toBeTruthy();
        expect(text, `${language} ${code}`).not.toBe(english);
      }
    }
  });
});
