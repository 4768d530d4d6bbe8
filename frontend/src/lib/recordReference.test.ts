import { describe, expect, it } from 'vitest';

import { isLedgerKind, LEDGER_KINDS, readableReference, shortRound } from './recordReference';

const record = (reference: string, amount = '-1.00', kind = 'GAME_BET') => ({ kind, reference, amount });

describe('a record reference in words', () => {
  it('reads a game posting as its round, a short one', () => {
    expect(readableReference(record('game:HOUSE_FISH:H27N2'))).toEqual({ key: 'wallet.records.refs.game', values: { round: 'H27N2' } });
    expect(readableReference(record('game:HOUSE_LIVE:T1.baccarat-a.1234', '5.00', 'GAME_WIN'))).toEqual({
      key: 'wallet.records.refs.game', values: { round: '#1234' },
    });
  });

  it('names orders, and an agent payment from the side that reads it', () => {
    expect(readableReference(record('deposit:D20260301AB', '10.00', 'DEPOSIT'))).toEqual({
      key: 'wallet.records.refs.order', values: { order: 'D20260301AB' },
    });
    expect(readableReference(record('withdrawal:W1', '-10.00', 'WITHDRAW_HOLD'))?.values).toEqual({ order: 'W1' });
    expect(readableReference(record('downline:12', '-1.00', 'DOWNLINE_TRANSFER'))?.key).toBe('wallet.records.refs.toDownline');
    expect(readableReference(record('downline:12', '1.00', 'DOWNLINE_TRANSFER'))?.key).toBe('wallet.records.refs.fromUpline');
    expect(readableReference(record('upline:3', '-1.00', 'UPLINE_TRANSFER'))?.key).toBe('wallet.records.refs.toUpline');
    expect(readableReference(record('upline:3', '1.00', 'UPLINE_TRANSFER'))?.key).toBe('wallet.records.refs.fromDownline');
    expect(readableReference(record('agent-settlement:9', '3.00', 'AGENT_SALARY'))?.key).toBe('wallet.records.refs.settlement');
    expect(readableReference(record('reversal:5', '3.00', 'REVERSAL'))?.key).toBe('wallet.records.refs.reversal');
    expect(readableReference(record('member:5', '100.00', 'TRIAL_GRANT'))?.key).toBe('wallet.records.refs.trial');
  });

  it("leaves a bonus's reason and what it does not know as they are", () => {
    expect(readableReference(record('deposit: promo for March', '5.00', 'BONUS'))).toBeNull();
    expect(readableReference(record('Welcome bonus', '5.00', 'BONUS'))).toBeNull();
    expect(readableReference(record('something:new', '5.00', 'ADJUSTMENT'))).toBeNull();
  });

  it('shortens round ids', () => {
    expect(shortRound('T1.baccarat-a.1234')).toBe('#1234');
    expect(shortRound('H27N2')).toBe('H27N2');
    expect(shortRound('lottery:vn-fast-1m:20261123-0005')).toBe('20261123-0005');
    expect(shortRound('a-very-long-vendor-round-identifier-0001')).toBe('…dentifier-0001');
  });

  it('knows every ledger kind', () => {
    expect(LEDGER_KINDS).toHaveLength(16);
    expect(isLedgerKind('GAME_WIN')).toBe(true);
    expect(isLedgerKind('SOMETHING')).toBe(false);
  });
});
