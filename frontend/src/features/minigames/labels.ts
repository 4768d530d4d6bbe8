// What a prize, a game's plays and a rain's state say, in the member's language.
import type { TFunction } from 'i18next';

import type { Prize, PrizeGame, RainSession } from './api';
import { countdown } from './time';

export type Money = (amount: string) => string;

export function prizeText(t: TFunction, money: Money, prize: Pick<Prize, 'kind' | 'amount' | 'value' | 'wagerMultiple'>): string {
  switch (prize.kind) {
    case 'MONEY': {
      const amount = money(prize.amount ?? '0.00');
      return prize.wagerMultiple > 0 ? t('miniGames.prize.moneyWager', { amount, times: prize.wagerMultiple }) : amount;
    }
    case 'POINTS':
      return t('miniGames.prize.points', { n: prize.value ?? 0 });
    case 'TICKETS':
      return t('miniGames.prize.tickets', { n: prize.value ?? 0 });
    default:
      return t('miniGames.prize.nothing');
  }
}

// "Starts in 02:15", "Open · 37 left · 00:42", "Ended".
export function rainStatus(t: TFunction, rain: RainSession, now: number): string {
  if (rain.state === 'OPEN') return t('miniGames.rain.openStatus', { left: rain.left, time: countdown(rain.endsAt - now) });
  if (rain.state === 'SCHEDULED') {
    return rain.startsAt > now ? t('miniGames.rain.startsIn', { time: countdown(rain.startsAt - now) }) : t('miniGames.rain.starting');
  }
  return t('miniGames.rain.ended');
}

export function playsStatus(t: TFunction, game: PrizeGame): string {
  return game.playsLeft === null ? t('miniGames.game.visitor') : t('miniGames.game.playsLeft', { n: game.playsLeft });
}
