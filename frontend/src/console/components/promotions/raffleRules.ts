// A raffle's part of the promotion form (server/promotions/kinds.py, RAFFLE): tickets by deposit or turnover,
// the amount per ticket, the most tickets one member earns that way (missions' tickets come on top), the
// prizes by rank (each above zero, none above the one before: kinds._prizes) and the days a winner has to
// claim. The promotion's end is the draw time, so a raffle must have one (the server says endsAt missing).
import { fromCents, parseCents } from '../../../lib/money';
import { amountOk } from '../../grantsApi';
import type { ParamsIn, ParamsOut } from '../../promotionsApi';
import { RAFFLE_PRIZES_MAX, RAFFLE_TICKETS_MAX, type TicketBy } from '../../raffleApi';

export interface RaffleForm {
  ticketBy: TicketBy;
  ticketEvery: string;
  maxTickets: string; // '': no limit
  prizes: string[];
}

type Problems = Record<string, string>;

export const RAFFLE_FIELDS = ['params.ticketBy', 'params.ticketEvery', 'params.maxTickets', 'params.prizes', 'params.claimDays'] as const;

export function raffleForm(params?: ParamsOut): RaffleForm {
  return {
    ticketBy: params?.ticketBy ?? 'DEPOSIT',
    ticketEvery: params?.ticketEvery ?? '',
    maxTickets: params?.maxTickets == null ? '' : String(params.maxTickets),
    prizes: params?.prizes?.length ? [...params.prizes] : [''],
  };
}

const cents = (text: string): bigint | null => (amountOk(text) ? parseCents(text) : null);

// The raffle's parameters as sent, each mistake at its field ("params.prizes.1": above the prize before it).
export function raffleParams(raffle: RaffleForm, problems: Problems): Partial<ParamsIn> {
  const params: Partial<ParamsIn> = { ticketBy: raffle.ticketBy };
  const every = raffle.ticketEvery.trim();
  if (cents(every) === null) problems['params.ticketEvery'] = every ? 'promotions.form.badAmount' : 'promotions.form.amountRequired';
  else params.ticketEvery = every;
  const most = raffle.maxTickets.trim();
  if (most) {
    const number = /^\d{1,6}$/.test(most) ? Number(most) : null;
    if (number === null || number < 1 || number > RAFFLE_TICKETS_MAX) problems['params.maxTickets'] = 'promotions.raffle.badMaxTickets';
    else params.maxTickets = number;
  }
  if (raffle.prizes.length === 0 || raffle.prizes.length > RAFFLE_PRIZES_MAX) problems['params.prizes'] = 'promotions.raffle.prizesCount';
  const figures = raffle.prizes.map((prize) => cents(prize));
  raffle.prizes.forEach((prize, rank) => {
    const figure = figures[rank];
    const before = rank > 0 ? figures[rank - 1] : null;
    if (figure == null) problems[`params.prizes.${rank}`] = prize.trim() ? 'promotions.form.badAmount' : 'promotions.form.amountRequired';
    else if (before != null && figure > before) problems[`params.prizes.${rank}`] = 'promotions.raffle.prizeOrder';
  });
  params.prizes = raffle.prizes.map((prize) => prize.trim());
  return params;
}

// What a refused raffle field says.
export function raffleFieldKey(field: string): string | null {
  if (/^params\.prizes\.\d+$/.test(field)) return 'promotions.raffle.prizeOrder';
  if (field === 'params.prizes') return 'promotions.raffle.prizesCount';
  if (field === 'params.ticketEvery') return 'promotions.form.badAmount';
  if (field === 'params.maxTickets') return 'promotions.raffle.badMaxTickets';
  return null;
}

// The most one member receives: the first prize (a member wins at most once; kinds.most_per_member).
export function raffleCost(raffle: RaffleForm): string | null {
  const first = cents(raffle.prizes[0] ?? '');
  return first === null ? null : fromCents(first);
}

export function raffleExampleBonus(raffle: RaffleForm): bigint | null {
  return cents(raffle.prizes[0] ?? '');
}
