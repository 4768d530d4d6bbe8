// The bet slip's money: a stake per number, a total of stake x count, all in integer minor units (BigInt
// cents, lib/money) so that no amount ever passes through a float.
import { fromCents, isAmount, multiplyMoney, toCents } from '../../lib/money';
import type { PlayType } from './api';

// The total of a bet: the stake on each of `count` numbers or options. "0.00" while the stake is not an amount.
export function totalOf(stake: string, count: number): string {
  if (!isAmount(stake) || count <= 0) return '0.00';
  return multiplyMoney(stake, count);
}

export type StakeError = { key: 'stakeInvalid' } | { key: 'stakeRange'; values: { min: string; max: string } };

// Why the stake cannot be bet on this play type (null when it can).
export function stakeError(stake: string, play: Pick<PlayType, 'minStake' | 'maxStake'>): StakeError | null {
  if (!isAmount(stake)) return { key: 'stakeInvalid' };
  const cents = toCents(stake);
  if (cents < toCents(play.minStake) || cents > toCents(play.maxStake)) {
    return { key: 'stakeRange', values: { min: play.minStake, max: play.maxStake } };
  }
  return null;
}

// What one hit pays on this stake at these odds ("95.00" x "1.00" = "95.00"), truncated to the cent. Odds
// are a multiple, not money: they may have more than two decimals, so they are scaled here, not parsed as cents.
export function winPerHit(stake: string, odds: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(odds.trim());
  if (!isAmount(stake) || !match) return '0.00';
  const fraction = match[2] ?? '';
  const scaled = BigInt(match[1]! + fraction);
  return fromCents((toCents(stake) * scaled) / 10n ** BigInt(fraction.length));
}
