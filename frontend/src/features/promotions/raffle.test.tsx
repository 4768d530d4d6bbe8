// The raffle on /promoDetail (issue 31): a visitor sees the prizes, the draw time and the commitment (no seed
// before the draw); a member sees their tickets; once drawn, the winners, the seed and the ranges, and Verify
// repeats the server's draw in the browser (WebCrypto SHA-256 and HMAC) and says whether the seed matches the
// commitment and the winners match the draw. The pinned numbers are tests/promotions/test_raffle.py's.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Brand } from '../../api/system';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { PromotionDetail } from './pages/PromotionDetail';
import { commitmentOf, type Raffle, type RaffleDetail, redraw, verify } from './raffleApi';
import { card, detail, fakeServer, PARAMS, renderAt, setUp } from './testSupport';

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
});
afterEach(cleanup);

const SEED = `${'00'.repeat(31)}2a`;
const COMMITMENT = '9cf49eeaaa45bd96bd47cf2cfeaeb0df96b82897144c8db521cc1330cc495761';
const PRIZES = ['50.00', '20.00', '10.00', '5.00', '1.00'];

const DRAWN: Raffle = {
  commitment: COMMITMENT,
  drawAt: Date.UTC(2026, 11, 31),
  drawn: true,
  seed: SEED,
  tickets: 12,
  myTickets: 5,
  // Members 3, 7, 9 and 12 of the server's test, with 2, 5, 1 and 4 tickets.
  ranges: [
    { name: 'aa***1', first: 0, count: 2 },
    { name: 'bb***2', first: 2, count: 5 },
    { name: 'cc***3', first: 7, count: 1 },
    { name: 'dd***4', first: 8, count: 4 },
  ],
  winners: [
    { rank: 0, name: 'dd***4', ticket: 8, prize: '50.00' },
    { rank: 1, name: 'bb***2', ticket: 3, prize: '20.00' },
    { rank: 2, name: 'aa***1', ticket: 1, prize: '10.00' },
    { rank: 3, name: 'cc***3', ticket: 7, prize: '5.00' },
  ],
};

const OPEN: Raffle = { ...DRAWN, drawn: false, seed: null, tickets: null, myTickets: null, ranges: [], winners: [] };

function raffleDetail(id: number, raffle: Raffle): RaffleDetail {
  return {
    ...detail(id, card(id, { kind: 'RAFFLE', category: 'OTHER', status: 'PROCESS', action: null, title: 'Big raffle' })),
    params: { ...PARAMS, percent: null, cap: null, minDeposit: null, claimMode: null, wagerMultiple: 0, maxStake: null, onePerAddress: false, ticketBy: 'DEPOSIT', ticketEvery: '100.00', maxTickets: 3, prizes: PRIZES },
    raffle,
  };
}

describe('the draw repeated in the browser', () => {
  it('gives the server’s numbers', async () => {
    expect(await commitmentOf(SEED)).toBe(COMMITMENT);
    const drawn = await redraw(SEED, DRAWN.ranges, PRIZES.length);
    expect(drawn).toEqual([
      { rank: 0, range: 3, ticket: 8 },
      { rank: 1, range: 1, ticket: 3 },
      { rank: 2, range: 0, ticket: 1 },
      { rank: 3, range: 2, ticket: 7 },
    ]);
    // A big range and two small ones (test_raffle's second vector: members 1, 2 and 5).
    const big = await redraw('a3'.repeat(32), [{ first: 0, count: 1 }, { first: 1, count: 1_000_000 }, { first: 1_000_001, count: 3 }], 3);
    expect(big.map((w) => w.ticket)).toEqual([351382, 1000002, 0]);
  });

  it('finds a seed that does not match, and winners that do not', async () => {
    expect(await verify(DRAWN, PRIZES.length)).toEqual({ commitment: true, winners: true });
    expect(await verify({ ...DRAWN, commitment: '0'.repeat(64) }, PRIZES.length)).toEqual({ commitment: false, winners: true });
    const swapped = DRAWN.winners.map((w, i) => (i === 0 ? { ...w, name: 'bb***2' } : w));
    expect(await verify({ ...DRAWN, winners: swapped }, PRIZES.length)).toEqual({ commitment: true, winners: false });
    const gap = DRAWN.ranges.map((r, i) => (i === 1 ? { ...r, first: 3 } : r));
    expect((await verify({ ...DRAWN, ranges: gap }, PRIZES.length)).winners).toBe(false);
    expect(await verify({ ...DRAWN, seed: 'not hex' }, PRIZES.length)).toEqual({ commitment: false, winners: false });
  });
});

describe('a raffle on /promoDetail', () => {
  it('shows a visitor the prizes, the draw time and the commitment, and no seed', async () => {
    fakeServer(({ path }) => (path === '/wps/promotions/5' ? { value: raffleDetail(5, OPEN) } : undefined));
    renderAt('/promoDetail?id=5', <PromotionDetail />);
    const panel = await screen.findByTestId('raffle-panel');
    expect(within(panel).getByTestId('raffle-earn').textContent).toBe(
      'One ticket for every P 100.00 deposited while it runs. At most 3 tickets each (tickets from missions come on top).',
    );
    expect(within(panel).getByTestId('raffle-prizes').querySelectorAll('li')).toHaveLength(5);
    expect(within(panel).getByTestId('raffle-prizes').textContent).toContain('Prize 1P 50.00');
    expect(within(panel).getByTestId('raffle-commitment').textContent).toBe(COMMITMENT);
    expect(within(panel).getByTestId('raffle-visitor').textContent).toBe('Log in to see your tickets.');
    expect(within(panel).queryByTestId('raffle-seed')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(within(panel).getByTestId('raffle-rule').textContent).toContain('HMAC-SHA256');
  });

  it("shows a member their tickets before the draw", async () => {
    fakeServer(({ path }) => (path === '/wps/promotions/5' ? { value: raffleDetail(5, { ...OPEN, myTickets: 2 }) } : undefined));
    store.set(tokenAtom, 'token');
    renderAt('/promoDetail?id=5', <PromotionDetail />);
    expect((await screen.findByTestId('raffle-mine')).textContent).toBe('2');
    expect(screen.queryByTestId('raffle-visitor')).toBeNull();
  });

  it('shows the winners and the seed after the draw, and verifies them in the browser', async () => {
    fakeServer(({ path }) =>
      path === '/wps/promotions/5' ? { value: { ...raffleDetail(5, DRAWN), status: 'CLAIM', action: 'CLAIM' } } : undefined,
    );
    store.set(tokenAtom, 'token');
    renderAt('/promoDetail?id=5', <PromotionDetail />);
    const panel = await screen.findByTestId('raffle-panel');
    expect(within(panel).getByTestId('raffle-mine').textContent).toBe('5');
    expect(within(panel).getByTestId('raffle-total').textContent).toBe('12');
    expect(within(panel).getByTestId('raffle-seed').textContent).toBe(SEED);
    const rows = within(panel).getAllByTestId('raffle-winner');
    expect(rows.map((tr) => tr.textContent)).toEqual([
      'Prize 1dd***4#8P 50.00',
      'Prize 2bb***2#3P 20.00',
      'Prize 3aa***1#1P 10.00',
      'Prize 4cc***3#7P 5.00',
    ]);
    expect(within(panel).getByTestId('raffle-ranges').textContent).toContain('#2 – #6');
    expect(screen.getByRole('button', { name: 'Claim' })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    const commitment = await within(panel).findByTestId('raffle-verdict-commitment');
    expect(commitment.dataset.ok).toBe('true');
    expect(commitment.textContent).toContain('The seed matches the commitment');
    expect(within(panel).getByTestId('raffle-verdict-winners').dataset.ok).toBe('true');
  });

  it('says so when the published winners are not what the seed draws', async () => {
    const wrong = { ...DRAWN, winners: [{ ...DRAWN.winners[0]!, ticket: 9 }, ...DRAWN.winners.slice(1)] };
    fakeServer(({ path }) => (path === '/wps/promotions/5' ? { value: raffleDetail(5, wrong) } : undefined));
    renderAt('/promoDetail?id=5', <PromotionDetail />);
    const panel = await screen.findByTestId('raffle-panel');
    fireEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    const winners = await within(panel).findByTestId('raffle-verdict-winners');
    expect(winners.dataset.ok).toBe('false');
    expect(winners.textContent).toContain('does NOT give the published winners');
    expect(within(panel).getByTestId('raffle-verdict-commitment').dataset.ok).toBe('true');
  });
});
