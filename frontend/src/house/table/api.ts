import { houseCall } from '../api';
import type { Money } from '../types';
import type { TableApi, TableBetAnswer, TableResult, TableState } from './types';

// Every table game's calls, for the session's own table.
export function tableApi<Row, R extends TableResult>(): TableApi<Row, R> {
  return {
    state: () => houseCall<TableState<Row>>('GET', '/table/state'),
    bet: (roundNo: number, betOn: string, stake: Money) =>
      houseCall<TableBetAnswer>('POST', '/table/bet', { roundNo, betOn, stake }),
    round: (roundNo: number) => houseCall<R>('GET', `/table/round/${encodeURIComponent(String(roundNo))}`),
  };
}
