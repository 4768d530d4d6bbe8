// A promotion in words: its dates, its terms at a glance and its check-in streak, as the screens show them.
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';

import { dateTime, isoDay } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { brandAtom } from '../../state/atoms';
import type { PromotionCard, PromotionDetail, PromotionParams } from './api';

// Amounts with the brand's currency symbol: "P 1,234.50".
export function useMoney(): (amount: string) => string {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  return useCallback((amount: string) => formatMoney(amount, symbol), [symbol]);
}

// The player's calendar day of a timestamp, yyyy-MM-dd.
export function day(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : isoDay(date);
}

// A timestamp to the second, with the zone named (lib/dates).
export function moment(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : dateTime(date.toISOString());
}

// "2026-12-01 – 2026-12-31", or "From 2026-12-01" when it has no end; `exact` gives the times too.
export function periodText(t: TFunction, card: Pick<PromotionCard, 'startsAt' | 'endsAt'>, exact = false): string {
  const show = exact ? moment : day;
  if (card.endsAt == null) return t('promotions.period.open', { start: show(card.startsAt) });
  return t('promotions.period.range', { start: show(card.startsAt), end: show(card.endsAt) });
}

// The terms at a glance, one line each: "100% up to P 500.00 on a deposit of at least P 100.00", "Wager 10×
// the bonus within 30 days", "Max stake P 50.00 a bet until then"...
export function termLines(t: TFunction, money: (amount: string) => string, detail: Pick<PromotionDetail, 'kind' | 'params'>): string[] {
  const p: PromotionParams = detail.params;
  const lines: string[] = [];
  if (detail.kind === 'SIGNUP' && p.amount) lines.push(t('promotions.terms.signup', { amount: money(p.amount) }));
  if ((detail.kind === 'FIRST_DEPOSIT' || detail.kind === 'RELOAD') && p.percent != null && p.cap && p.minDeposit) {
    lines.push(t('promotions.terms.deposit', { percent: p.percent, cap: money(p.cap), min: money(p.minDeposit) }));
    if (detail.kind === 'FIRST_DEPOSIT') lines.push(t('promotions.terms.firstDeposit'));
    if (detail.kind === 'RELOAD' && p.period) lines.push(t(`promotions.terms.period.${p.period}`));
    if (p.claimMode === 'BEFORE') lines.push(t('promotions.terms.claimBefore'));
    else lines.push(t('promotions.terms.claimAfter', { days: p.claimDays ?? 0 }));
  }
  if (detail.kind === 'CHECKIN' && p.rewards?.length) {
    lines.push(t('promotions.terms.checkin', { days: p.rewards.length }));
  }
  if (p.wagerMultiple > 0) {
    const key = p.wagerBase === 'DEPOSIT_PLUS_BONUS' ? 'promotions.terms.wagerDepositBonus' : 'promotions.terms.wagerBonus';
    lines.push(t(key, { times: p.wagerMultiple, days: p.expiryDays }));
    lines.push(t('promotions.terms.locked'));
  } else {
    lines.push(t('promotions.terms.noWager'));
  }
  if (p.maxStake) lines.push(t('promotions.terms.maxStake', { amount: money(p.maxStake) }));
  if (p.onePerAddress) lines.push(t('promotions.terms.onePerAddress'));
  return lines;
}

export interface StreakDay {
  day: number;
  reward: string;
  done: boolean;
  today: boolean;
}

// A check-in's days 1..N with their rewards: today's is the streak's current day (after the last day the
// streak starts over), the days before it are done, and today's too once checked in (status SIGNED).
export function streakDays(detail: Pick<PromotionDetail, 'params' | 'streak' | 'status'>): StreakDay[] {
  const rewards = detail.params.rewards ?? [];
  if (rewards.length === 0) return [];
  const current = detail.streak > 0 ? ((detail.streak - 1) % rewards.length) + 1 : 1;
  const checkedIn = detail.status === 'SIGNED';
  const running = detail.status !== 'CLOSE' && detail.status !== 'COMING_SOON';
  return rewards.map((reward, i) => {
    const n = i + 1;
    return { day: n, reward, done: n < current || (n === current && checkedIn), today: running && n === current };
  });
}
