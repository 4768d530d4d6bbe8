import { houseCall } from '../api';
import type { Money } from '../types';
import type { TableApi, TableBetAnswer, TableMyRound, TableResult, TableState } from './types';

// The member's last rounds at the session's table, whatever its game (baccarat's page too).
export function getMyRounds<B extends string, Row>(): Promise<TableMyRound<B, Row>[]> {
  return houseCall<TableMyRound<B, Row>[]>('GET', '/table/myRounds');
}

// Every table game's calls, for the session's own table.
export function tableApi<Row, R extends TableResult>(): TableApi<Row, R> {
  return {
    state: () => houseCall<TableState<Row>>('GET', '/table/state'),
    bet: (roundNo: number, betOn: string, stake: Money) =>
      houseCall<TableBetAnswer>('POST', '/table/bet', { roundNo, betOn, stake }),
    round: (roundNo: number) => houseCall<R>('GET', `/table/round/${encodeURIComponent(String(roundNo))}`),
    rounds: getMyRounds,
  };
}
