// The raffle's part of the promotion form (issue 31): the server's checks repeated at their fields (an amount
// per ticket, a whole maxTickets or none, prizes none above the one before, an end: the draw time), the body
// it sends, and what it costs at most per member (the first prize).
import { describe, expect, it } from 'vitest';

import { raffleCost, raffleForm, raffleParams } from './components/promotions/raffleRules';
import { promotionForm, promotionRequest, serverProblems } from './components/promotions/rules';
import { ConsoleError } from './transport';

describe('a raffle in the promotion form', () => {
  it('checks the tickets and the prizes at their fields', () => {
    const problems: Record<string, string> = {};
    raffleParams({ ticketBy: 'TURNOVER', ticketEvery: '0', maxTickets: '0', prizes: ['10.00', '20.00', ''] }, problems);
    expect(problems).toEqual({
      'params.ticketEvery': 'promotions.form.badAmount',
      'params.maxTickets': 'promotions.raffle.badMaxTickets',
      'params.prizes.1': 'promotions.raffle.prizeOrder',
      'params.prizes.2': 'promotions.form.amountRequired',
    });
    const fine: Record<string, string> = {};
    expect(raffleParams({ ticketBy: 'DEPOSIT', ticketEvery: '100', maxTickets: '', prizes: ['50.00', '50.00', '10'] }, fine)).toEqual({
      ticketBy: 'DEPOSIT',
      ticketEvery: '100',
      prizes: ['50.00', '50.00', '10'],
    });
    expect(fine).toEqual({});
    expect(raffleCost({ ticketBy: 'DEPOSIT', ticketEvery: '100', maxTickets: '', prizes: ['50.00', '10'] })).toBe('50.00');
  });

  it('asks for an end, the draw time, and sends only the raffle’s parameters', () => {
    const form = { ...promotionForm('RAFFLE'), wagerMultiple: '0', start: '2026-12-01T00:00', texts: { EN: { title: 'Raffle', content: '' } } };
    const raffle = { ticketBy: 'DEPOSIT' as const, ticketEvery: '100.00', maxTickets: '3', prizes: ['50.00', '20.00'] };
    const missing = promotionRequest({ ...form, raffle });
    expect('problems' in missing && missing.problems.endsAt).toBe('promotions.raffle.endRequired');
    const sent = promotionRequest({ ...form, end: '2026-12-31T00:00', raffle, claimDays: '5' });
    expect('body' in sent ? null : sent).toBeNull();
    if (!('body' in sent)) return;
    expect(sent.body.kind).toBe('RAFFLE');
    expect(sent.body.category).toBe('OTHER');
    expect(sent.body.params).toMatchObject({ ticketBy: 'DEPOSIT', ticketEvery: '100.00', maxTickets: 3, prizes: ['50.00', '20.00'], claimDays: 5 });
    expect(sent.body.params.amount).toBeUndefined();
  });

  it('reads a stored raffle back, and shows the server’s refusals at their fields', () => {
    const params = { ticketBy: 'TURNOVER', ticketEvery: '15.00', maxTickets: null, prizes: ['9.00'] } as const;
    expect(raffleForm(params as never)).toEqual({ ticketBy: 'TURNOVER', ticketEvery: '15.00', maxTickets: '', prizes: ['9.00'] });
    const refused = new ConsoleError('VALIDATION_ERROR', 'refused', 422, { fields: [{ field: 'endsAt' }, { field: 'params.prizes.1' }] } as never);
    expect(serverProblems(refused, 'RAFFLE')?.problems).toEqual({
      endsAt: 'promotions.raffle.endRequired',
      'params.prizes.1': 'promotions.raffle.prizeOrder',
    });
  });
});
