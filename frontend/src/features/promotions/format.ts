// A promotion in words: its dates, its terms at a glance, its check-in streak and a periodic promotion's
// progress, as the screens show them. Amounts are compared and subtracted as BigInt cents (lib/money), never
// as floats.
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';

import { dateTime, isoDay } from '../../lib/dates';
import { formatMoney, fromCents, parseCents } from '../../lib/money';
import { brandAtom } from '../../state/atoms';
import { PERIODIC_KINDS, type PromotionCard, type PromotionDetail, type PromotionParams, type ReloadPeriod, type RewardTier } from './api';

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

// "each week", "each day"...: how often a periodic promotion counts ("each period" when it does not say).
export function everyPeriod(t: TFunction, period: ReloadPeriod | null): string {
  return period ? t(`promotions.terms.every.${period}`) : t('promotions.terms.everyPeriod');
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
  // A turnover reward's tiers are a table of their own (the page's Tiers); here what counts as turnover.
  if (detail.kind === 'TURNOVER_TIERS') lines.push(t('promotions.terms.turnoverCounts'));
  if (detail.kind === 'LOSS_REBATE' && p.percent != null && p.cap && p.minLoss) {
    lines.push(t('promotions.terms.rebate', { percent: p.percent, every: everyPeriod(t, p.period), min: money(p.minLoss), cap: money(p.cap) }));
    lines.push(t('promotions.terms.lossCounts'));
  }
  if (PERIODIC_KINDS.includes(detail.kind)) lines.push(t('promotions.terms.periodic', { days: p.claimDays ?? 0 }));
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

// A turnover reward's standing: the highest tier the turnover reaches (null: none yet) and the next one up
// with the turnover still needed to reach it (null: the top tier is reached). Tiers that are not amounts are
// left out rather than taken for zero.
export interface TierStanding {
  reached: RewardTier | null;
  next: (RewardTier & { more: string }) | null;
}

export function tierStanding(tiers: readonly RewardTier[], turnover: string): TierStanding {
  const have = parseCents(turnover) ?? 0n;
  let reached: { tier: RewardTier; cents: bigint } | null = null;
  let next: { tier: RewardTier; cents: bigint } | null = null;
  for (const tier of tiers) {
    const cents = parseCents(tier.turnover);
    if (cents === null) continue;
    if (cents <= have) {
      if (!reached || cents > reached.cents) reached = { tier, cents };
    } else if (!next || cents < next.cents) {
      next = { tier, cents };
    }
  }
  return {
    reached: reached?.tier ?? null,
    next: next && { ...next.tier, more: fromCents(next.cents - have) },
  };
}

// A net loss below zero is the member's win: its size ("50.00" for "-50.00"); null when they are not ahead.
export function aheadBy(loss: string): string | null {
  const cents = parseCents(loss);
  return cents !== null && cents < 0n ? fromCents(-cents) : null;
}

// Whether a net loss falls short of a rebate's minimum (a loss of nothing or less is "ahead", not short).
export function belowMinLoss(loss: string, minLoss: string | null): boolean {
  const cents = parseCents(loss);
  const min = minLoss === null ? null : parseCents(minLoss);
  return cents !== null && min !== null && cents >= 0n && cents < min;
}
