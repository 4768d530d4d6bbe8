import type { TFunction } from 'i18next';

import { useTranslation } from '../../i18n/react';
import { tableApi } from '../table/api';
import { BetSpot, ResultStrip, SlipTableScreen, slipSpot } from '../table/TableParts';
import type { RouletteResult, RouletteRow } from '../table/types';
import { useBetSlip } from '../table/useBetSlip';
import { useTable } from '../table/useTable';
import type { TableConfig } from '../types';

const API = tableApi<RouletteRow, RouletteResult>();
// The single-zero wheel's pockets clockwise from zero.
const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const OUTSIDE = ['RED', 'BLACK', 'ODD', 'EVEN', 'LOW', 'HIGH', 'DOZEN1', 'DOZEN2', 'DOZEN3', 'COLUMN1', 'COLUMN2', 'COLUMN3'];
const NUMBERS = Array.from({ length: 36 }, (_, i) => i + 1);

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

export function RouletteGame({ config }: { config: TableConfig }) {
  const { t } = useTranslation();
  const seat = useTable(API, 'roulette', config.chips, config.table);
  const slip = useBetSlip<string>(seat.state?.roundNo ?? null, seat.place);
  const name = (spot: string) => rouletteSpotName(t, spot);
  const board = (
    <div className="hs-rl__board" role="group" aria-label={t('table.board')}>
      <BetSpot {...slipSpot(seat, slip, 'N0')} label="0" className="hs-rl__zero is-green" testPrefix="rl">
        <span className="hs-bac__spot-name" aria-hidden="true">
          0
        </span>
      </BetSpot>
      {NUMBERS.map((n) => (
        <BetSpot
          key={n}
          {...slipSpot(seat, slip, `N${n}`)}
          label={name(`N${n}`)}
          className={`hs-rl__num is-${pocketColor(n)}`}
          testPrefix="rl"
        >
          <span className="hs-bac__spot-name" aria-hidden="true">
            {n}
          </span>
        </BetSpot>
      ))}
      {OUTSIDE.map((spot) => (
        <BetSpot
          key={spot}
          {...slipSpot(seat, slip, spot)}
          label={name(spot)}
          pay={config.payouts[spot]}
          className="hs-rl__outside"
          testPrefix="rl"
        />
      ))}
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
    <SlipTableScreen
      seat={seat}
      slip={slip}
      chips={config.chips}
      className="hs-rl"
      testPrefix="rl"
      spotName={name}
      result={<Spin result={seat.result} />}
      board={board}
      road={road}
      hint={t('rl.hint', { straight: config.payouts.N0 ?? '35:1' })}
    />
  );
}
