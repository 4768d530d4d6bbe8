import { describe, expect, it } from 'vitest';

import { choose, defaultSides, isTransfer, transferLabel } from './transferSides';

describe('transfer sides', () => {
  it('start from the main wallet into the first game wallet', () => {
    expect(defaultSides(['HOUSE', 'OTHER'])).toEqual({ from: '', to: 'HOUSE' });
    expect(isTransfer(defaultSides(['HOUSE']))).toBe(true);
  });

  it('never end on the same wallet: picking the other side swaps them', () => {
    expect(choose({ from: '', to: 'HOUSE' }, 'from', 'HOUSE')).toEqual({ from: 'HOUSE', to: '' });
    expect(choose({ from: '', to: 'HOUSE' }, 'to', '')).toEqual({ from: 'HOUSE', to: '' });
  });

  it('keep the main wallet on one side', () => {
    expect(choose({ from: '', to: 'A' }, 'from', 'B')).toEqual({ from: 'B', to: '' });
    expect(choose({ from: 'A', to: '' }, 'to', 'B')).toEqual({ from: '', to: 'B' });
    expect(choose({ from: '', to: 'A' }, 'to', 'B')).toEqual({ from: '', to: 'B' });
    expect(isTransfer({ from: 'A', to: 'B' })).toBe(false);
    expect(isTransfer({ from: '', to: '' })).toBe(false);
  });

  it('name both sides of a transfer record, and leave other references alone', () => {
    const name = (wallet: string) => (wallet ? `${wallet.toLowerCase()} games` : 'Main wallet');
    expect(transferLabel('wallet:MAIN>HOUSE', name)).toBe('Main wallet → house games');
    expect(transferLabel('wallet:HOUSE>MAIN', name)).toBe('house games → Main wallet');
    expect(transferLabel('deposit:D20261124ABC', name)).toBeNull();
  });
});
