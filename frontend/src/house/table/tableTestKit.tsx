// A fake house for the table screens' tests: the session, the table's state, bets and balance answered
// from memory, and the push channel replaced so that a test can deliver a round's result.
import { render } from '@testing-library/react';
import { vi } from 'vitest';

import { I18nProvider } from '../../i18n/react';
import { bootHouse } from '../boot';
import { HouseApp } from '../HouseApp';
import { initHouseI18n } from '../i18n';
import { houseStore, revealAtom, tableCommitAtom } from '../store';
import { resetHouseSession } from '../testReset';
import { feed } from './fakeFeed';

export { feed };

export interface Fake {
  calls: { url: string; body: unknown }[];
  bets: { roundNo: number; betOn: string; stake: string }[];
  state: Record<string, unknown>;
  balance: number;
  // The member's rounds the house answers (GET /table/myRounds).
  rounds: unknown[];
  // The house refuses every bet with this code (409), while set.
  refuse: string | null;
  // Bets wait for this before they are answered, while set (a slow network).
  gate: Promise<void> | null;
}

const envelope = (value: unknown, status = 200, errorCode?: string) =>
  new Response(
    JSON.stringify(errorCode ? { success: false, errorCode, message: errorCode, value } : { success: true, value }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

export function tableSession(type: string, code: string, payouts: Record<string, string>) {
  return {
    sessionId: 'sess-t',
    game: { code, type, name: code },
    player: { nickname: 'amy', currency: 'PHP', demo: false },
    merchant: 'demo',
    language: 'EN',
    balance: '100.00',
    fairness: { serverSeedHash: 'h0', clientSeed: 'c', nonce: 0 },
    config: { chips: ['1.00', '5.00', '25.00', '100.00'], payouts, table: code, periodSeconds: 30, bettingSeconds: 24 },
  };
}

export function openRound(table: string, roundNo: number, phase: 'BETTING' | 'CLOSED' = 'BETTING') {
  const now = Date.now();
  return {
    table,
    roundNo,
    phase,
    opensAt: new Date(now - 4000).toISOString(),
    closesAt: new Date(phase === 'BETTING' ? now + 20000 : now - 1000).toISOString(),
    settlesAt: new Date(now + 20000).toISOString(),
    serverSeedHash: `hash-${roundNo}`,
    now: new Date(now).toISOString(),
    history: [] as unknown[],
    myBets: [] as unknown[],
  };
}

const money = (minor: number) => (minor / 100).toFixed(2);

// fetch answered like the house: /session, /table/state (or /baccarat/state), bets, rounds and the balance.
export function fakeHouse(session: ReturnType<typeof tableSession>, state: Record<string, unknown>): Fake {
  const fake: Fake = { calls: [], bets: [], state, balance: 100_00, rounds: [], refuse: null, gate: null };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      fake.calls.push({ url, body });
      if (url.endsWith('/session')) return Promise.resolve(envelope(session));
      if (url.endsWith('/state')) return Promise.resolve(envelope(fake.state));
      if (url.endsWith('/table/myRounds')) return Promise.resolve(envelope(fake.rounds));
      if (url.endsWith('/bet')) return (fake.gate ?? Promise.resolve()).then(() => answerBet(body));
      return Promise.resolve(envelope({ balance: money(fake.balance) }));
    }),
  );
  function answerBet(body: { roundNo: number; betOn: string; stake: string }) {
    if (fake.refuse) return envelope(null, 409, fake.refuse);
    const stake = Math.round(Number(body.stake) * 100);
    fake.balance -= stake;
    fake.bets.push(body);
    const bet = { id: fake.bets.length, roundNo: body.roundNo, betOn: body.betOn, stake: body.stake, status: 'OPEN' };
    return envelope({ bet, balance: money(fake.balance) });
  }
  return fake;
}

export async function mountHouse() {
  const i18n = await initHouseI18n('EN');
  await bootHouse({ token: 'fresh-token', lang: 'EN', game: null, merchant: 'demo' });
  return render(
    <I18nProvider i18n={i18n}>
      <HouseApp />
    </I18nProvider>,
  );
}

export function resetHouse() {
  resetHouseSession();
  houseStore.set(revealAtom, null);
  houseStore.set(tableCommitAtom, null);
  feed.handlers = null;
  feed.game = null;
}
