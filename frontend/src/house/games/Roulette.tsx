import type { TFunction } from 'i18next';

import { useTranslation } from '../../i18n/react';
import { tableApi } from '../table/api';
import { BetSpot, ResultStrip, TableScreen, tapSpot } from '../table/TableParts';
import type { RouletteResult, RouletteRow } from '../table/types';
import { useTable } from '../table/useTable';
import type { TableConfig } from '../types';

const API = tableApi<RouletteRow, RouletteResult>();
// The single-zero wheel's pockets clockwise from zero.
const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

// A cell of the board on its grid: row 1 at the top, column 1 at the left.
export interface BoardCell {
  spot: string;
  row: number;
  column: number;
  rows?: number;
  columns?: number;
}

// The standard single-zero layout, three rows of twelve: 0 on the left; each row is one column bet's twelve
// numbers (3, 6 ... 36 on top, 1, 4 ... 34 at the bottom) with that bet, "2 to 1", at its right end; the
// dozens below, then the even chances. The server's COLUMNc covers n = c, c+3 ... (engine/roulette.py).
export function rouletteBoard(): BoardCell[] {
  const cells: BoardCell[] = [{ spot: 'N0', row: 1, column: 1, rows: 3 }];
  for (let row = 1; row <= 3; row++) {
    const columnBet = 4 - row; // the top row is COLUMN3
    for (let i = 0; i < 12; i++) cells.push({ spot: `N${3 * i + columnBet}`, row, column: i + 2 });
    cells.push({ spot: `COLUMN${columnBet}`, row, column: 14 });
  }
  ['DOZEN1', 'DOZEN2', 'DOZEN3'].forEach((spot, i) => cells.push({ spot, row: 4, column: 2 + 4 * i, columns: 4 }));
  ['LOW', 'EVEN', 'RED', 'BLACK', 'ODD', 'HIGH'].forEach((spot, i) =>
    cells.push({ spot, row: 5, column: 2 + 2 * i, columns: 2 }),
  );
  return cells;
}

const BOARD = rouletteBoard();

export function pocketColor(n: number): 'green' | 'red' | 'black' {
  return n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
}

export function rouletteSpotName(t: TFunction, spot: string): string {
  return /^N\d+$/.test(spot) ? t('rl.straight', { number: spot.slice(1) }) : t(`rl.spot.${spot}`);
}

// The wheel drawn as 37 wedges, turned so that the winning pocket stops under the pointer at the top.
function Wheel({ number }: { number: number | null }) {
  const step = 360 / WHEEL.length;
  const turn = number === null ? 0 : -WHEEL.indexOf(number) * step;
  const wedge = (i: number) => {
    const a = ((i - 0.5) * step - 90) * (Math.PI / 180);
    const b = ((i + 0.5) * step - 90) * (Math.PI / 180);
    const r = 48;
    return `M50 50 L${50 + r * Math.cos(a)} ${50 + r * Math.sin(a)} A${r} ${r} 0 0 1 ${50 + r * Math.cos(b)} ${50 + r * Math.sin(b)} Z`;
  };
  const fill = { green: '#1e8449', red: '#a93226', black: '#1f1f1f' };
  return (
    <svg viewBox="0 0 100 100" className="hs-rl__wheel" aria-hidden="true">
      <g className="hs-rl__wheel-disc" style={{ transform: `rotate(${turn}deg)` }}>
        {WHEEL.map((n, i) => (
          <path key={n} d={wedge(i)} fill={fill[pocketColor(n)]} stroke="#c9a227" strokeWidth="0.4" />
        ))}
      </g>
      <circle cx="50" cy="50" r="22" fill="#6e4b1f" stroke="#c9a227" />
      <path d="M50 0 L46 8 L54 8 Z" fill="#f5c542" />
    </svg>
  );
}

function Spin({ result }: { result: RouletteResult | null }) {
  const { t } = useTranslation();
  return (
    <div
      className="hs-table__result"
      data-testid={result ? 'rl-result' : undefined}
      data-round={result?.roundNo}
      data-number={result?.number}
    >
      <Wheel number={result?.number ?? null} />
      {result ? (
        <p className="hs-table__verdict">
          {t('bac.roundNo', { round: result.roundNo })}{' '}
          <span
            className={`hs-rl__number is-${result.color.toLowerCase()}`}
            data-testid="rl-number"
            aria-label={`${result.number} ${t(`rl.color.${result.color}`)}`}
          >
            {result.number}
          </span>
        </p>
      ) : (
        <p className="hs-muted">{t('rl.waiting')}</p>
      )}
    </div>
  );
}

function cellClass(spot: string): string {
  if (spot === 'N0') return 'hs-rl__zero is-green';
  if (/^N\d+$/.test(spot)) return `hs-rl__num is-${pocketColor(Number(spot.slice(1)))}`;
  if (spot === 'RED' || spot === 'BLACK') return `hs-rl__outside hs-rl__even is-${spot.toLowerCase()}`;
  return spot.startsWith('COLUMN') ? 'hs-rl__outside hs-rl__column' : 'hs-rl__outside';
}

export function RouletteGame({ config }: { config: TableConfig }) {
  const { t } = useTranslation();
  const seat = useTable(API, 'roulette', config.chips, config.table);
  const name = (spot: string) => rouletteSpotName(t, spot);
  const board = (
    <div className="hs-rl__board" role="group" aria-label={t('table.board')} data-testid="rl-board">
      {BOARD.map((cell) => {
        const { spot } = cell;
        const number = /^N\d+$/.test(spot) ? spot.slice(1) : null;
        const shown = number ?? (spot.startsWith('COLUMN') ? (config.payouts[spot] ?? '2:1') : name(spot));
        return (
          <BetSpot
            key={spot}
            {...tapSpot(seat, spot)}
            label={name(spot)}
            pay={config.payouts[spot]}
            payShown={false}
            className={cellClass(spot)}
            cell={cell}
            testPrefix="rl"
          >
            <span className="hs-bac__spot-name" aria-hidden="true">
              {shown}
            </span>
          </BetSpot>
        );
      })}
    </div>
  );
  const road = (
    <ResultStrip
      rows={seat.state?.history ?? []}
      testPrefix="rl"
      mark={(row: RouletteRow) => ({
        label: String(row.number),
        title: `${t('bac.roundNo', { round: row.roundNo })} · ${t(`rl.color.${row.color}`)}`,
        tone: row.color.toLowerCase(),
      })}
    />
  );
  return (
    <TableScreen
      seat={seat}
      chips={config.chips}
      className="hs-rl"
      testPrefix="rl"
      spotName={name}
      dealt={(row: RouletteRow) => `${row.number} ${t(`rl.color.${row.color}`)}`}
      result={<Spin result={seat.result} />}
      board={board}
      road={road}
      hint={t('rl.hint', { straight: config.payouts.N0 ?? '35:1' })}
    />
  );
}
