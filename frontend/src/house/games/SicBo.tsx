import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/react';
import { tableApi } from '../table/api';
import { BetSpot, ResultStrip, TableScreen, tapSpot } from '../table/TableParts';
import type { SicBoResult, SicBoRow } from '../table/types';
import { useTable } from '../table/useTable';
import type { TableConfig } from '../types';

const API = tableApi<SicBoRow, SicBoResult>();
const MAIN = ['SMALL', 'ODD', 'TRIPLE', 'EVEN', 'BIG'];
const TOTALS = Array.from({ length: 14 }, (_, i) => `T${i + 4}`);
const SINGLES = Array.from({ length: 6 }, (_, i) => `S${i + 1}`);
// Where a face's pips sit on a 3x3 grid of a 24-unit square.
const PIPS: Record<number, [number, number][]> = {
  1: [[12, 12]],
  2: [[6, 6], [18, 18]],
  3: [[6, 6], [12, 12], [18, 18]],
  4: [[6, 6], [18, 6], [6, 18], [18, 18]],
  5: [[6, 6], [18, 6], [12, 12], [6, 18], [18, 18]],
  6: [[6, 6], [18, 6], [6, 12], [18, 12], [6, 18], [18, 18]],
};

export function sicBoSpotName(t: TFunction, spot: string): string {
  if (/^T\d+$/.test(spot)) return t('sb.total', { total: spot.slice(1) });
  if (/^S\d$/.test(spot)) return t('sb.single', { face: spot.slice(1) });
  return t(`sb.spot.${spot}`);
}

export function Die({ face, mini = false, testId }: { face: number; mini?: boolean; testId?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`hs-die ${mini ? 'hs-die--mini' : 'hs-sb__die'}`} data-testid={testId} data-face={face} aria-hidden="true">
      <rect x="1" y="1" width="22" height="22" rx="4" />
      {(PIPS[face] ?? []).map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.2" />
      ))}
    </svg>
  );
}

function Roll({ result }: { result: SicBoResult | null }) {
  const { t } = useTranslation();
  if (!result) {
    return (
      <div className="hs-table__result">
        <p className="hs-muted">{t('sb.waiting')}</p>
      </div>
    );
  }
  const triple = result.dice.every((d) => d === result.dice[0]);
  return (
    <div className="hs-table__result" data-testid="sb-result" data-round={result.roundNo} data-total={result.total}
      data-dice={result.dice.join('')}>
      <div className="hs-sb__dice" role="img" aria-label={t('sb.rolled', { dice: result.dice.join(', ') })}>
        {result.dice.map((face, i) => (
          <Die key={i} face={face} testId="sb-die" />
        ))}
      </div>
      <p className="hs-table__verdict">
        {t('bac.roundNo', { round: result.roundNo })}{' '}
        <span data-testid="sb-verdict">
          {triple ? t('sb.tripleResult', { total: result.total }) : t('sb.totalResult', { total: result.total })}
        </span>
      </p>
    </div>
  );
}

export function SicBoGame({ config }: { config: TableConfig }) {
  const { t } = useTranslation();
  const seat = useTable(API, 'sicbo', config.chips, config.table);
  const name = (spot: string) => sicBoSpotName(t, spot);
  const row = (spots: string[], kind: string, label: (spot: string) => ReactNode) => (
    <div className={`hs-sb__row is-${kind}`}>
      {spots.map((spot) => (
        <BetSpot
          key={spot}
          {...tapSpot(seat, spot)}
          label={name(spot)}
          pay={config.payouts[spot]}
          payShown={kind !== 'singles'}
          testPrefix="sb"
        >
          <span className="hs-bac__spot-name" aria-hidden="true">
            {label(spot)}
          </span>
        </BetSpot>
      ))}
    </div>
  );
  const board = (
    <div className="hs-sb__board" role="group" aria-label={t('table.board')}>
      {row(MAIN, 'main', name)}
      {row(TOTALS, 'totals', (spot) => spot.slice(1))}
      {row(SINGLES, 'singles', (spot) => <Die face={Number(spot.slice(1))} mini />)}
    </div>
  );
  const road = (
    <ResultStrip
      rows={seat.state?.history ?? []}
      testPrefix="sb"
      mark={(r: SicBoRow) => {
        const triple = r.dice.every((d) => d === r.dice[0]);
        return {
          label: String(r.total),
          title: `${t('bac.roundNo', { round: r.roundNo })} · ${r.dice.join('-')}`,
          tone: triple ? 'tie' : r.total >= 11 ? 'big' : 'small',
        };
      }}
    />
  );
  return (
    <TableScreen
      seat={seat}
      chips={config.chips}
      className="hs-sb"
      testPrefix="sb"
      spotName={name}
      dealt={(r: SicBoRow) => `${r.dice.join('-')} = ${r.total}`}
      result={<Roll result={seat.result} key={seat.result?.roundNo ?? 'none'} />}
      board={board}
      road={road}
      hint={t('sb.hint')}
    />
  );
}
