// A player's bets at a table, one row per bet id, newest first. The server's list is the truth for every
// bet it holds; a bet of the current round that this page placed after the list was read stays until the
// next list has it (a poll and a bet's answer can arrive in either order).
interface Bet {
  id: number;
  roundNo: number;
}

export function mergeMyBets<T extends Bet>(server: T[], local: T[], roundNo: number): T[] {
  const known = new Set(server.map((bet) => bet.id));
  const placedSince = local.filter((bet) => bet.roundNo === roundNo && !known.has(bet.id));
  return [...placedSince, ...server];
}

// The bet a bet call answered, in place of any row of the same id.
export function withBet<T extends Bet>(bets: T[], placed: T): T[] {
  return [placed, ...bets.filter((bet) => bet.id !== placed.id)];
}
