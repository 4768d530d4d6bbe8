// A raffle's draw as the console reads it (GET /wps/admin/promotions/{id}/raffle, promotions.read): the
// commitment published from the start; once drawn, the seed, every member's ticket range and the winners
// (usernames in full, for staff). The shapes are server/promotions/raffle_schemas.py's RaffleAdminOut.
import { consoleCall } from './api';

export type TicketBy = 'DEPOSIT' | 'TURNOVER';
export const TICKET_BYS: readonly TicketBy[] = ['DEPOSIT', 'TURNOVER'];
export const RAFFLE_TICKETS_MAX = 10_000; // maxTickets per member (kinds.TICKETS_MAX)
export const RAFFLE_PRIZES_MAX = 20; // kinds.PRIZES_MAX

export interface RaffleAdminRange {
  memberId: number;
  username: string;
  first: number;
  count: number;
}

export interface RaffleAdminWinner {
  rank: number; // 0: the first prize
  memberId: number;
  username: string;
  ticket: number;
  prize: string;
}

export interface RaffleAdmin {
  promotionId: number;
  commitment: string;
  drawAt: string; // ISO: the promotion's end
  drawnAt: string | null;
  seed: string | null; // null until drawn
  tickets: number;
  ranges: RaffleAdminRange[];
  winners: RaffleAdminWinner[];
}

export function raffleDraw(promotionId: number): Promise<RaffleAdmin> {
  return consoleCall<RaffleAdmin>(`/wps/admin/promotions/${promotionId}/raffle`);
}
