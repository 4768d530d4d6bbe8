import { m } from 'framer-motion';

import { useTranslation } from '../../i18n/react';
import { PlayingCard } from '../components/PlayingCard';
import { tableApi } from '../table/api';
import { BetSpot, ResultStrip, TableScreen, tapSpot } from '../table/TableParts';
import type { DragonTigerResult, DragonTigerRow } from '../table/types';
import { useTable } from '../table/useTable';
import type { TableConfig } from '../types';

type Spot = 'DRAGON' | 'TIE' | 'TIGER';
const SPOTS: readonly Spot[] = ['DRAGON', 'TIE', 'TIGER'];
const API = tableApi<DragonTigerRow, DragonTigerResult>();

function Cards({ result }: { result: DragonTigerResult | null }) {
  const { t } = useTranslation();
  if (!result) {
    return (
      <div className="hs-table__result">
        <p className="hs-muted">{t('bac.waitingResult')}</p>
      </div>
    );
  }
  const sides = [
    { side: 'DRAGON' as const, card: result.dragonCard },
    { side: 'TIGER' as const, card: result.tigerCard },
  ];
  return (
    <div
      className="hs-table__result"
      data-testid="dt-result"
      data-round={result.roundNo}
      data-outcome={result.outcome}
    >
      {sides.map(({ side, card }, i) => (
        <div key={side} className={`hs-dt__side ${result.outcome === side ? 'is-winner' : ''}`}>
          <strong>{t(`dt.spot.${side}`)}</strong>
          <PlayingCard code={card} delay={i * 0.45} size="md" testId={`dt-card-${side}`} />
        </div>
      ))}
      <m.p className="hs-table__verdict" initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ delay: 1 }}>
        {t('bac.roundNo', { round: result.roundNo })}{' '}
        <span data-testid="dt-verdict">
          {result.outcome === 'TIE' ? t('dt.tieResult') : t('bac.wins', { side: t(`dt.spot.${result.outcome}`) })}
        </span>
      </m.p>
    </div>
  );
}

export function DragonTigerGame({ config }: { config: TableConfig }) {
  const { t } = useTranslation();
  const seat = useTable(API, 'dragon-tiger', config.chips, config.table);
  const board = (
    <div className="hs-dt__spots" role="group" aria-label={t('table.board')}>
      {SPOTS.map((spot) => (
        <BetSpot
          key={spot}
          {...tapSpot(seat, spot)}
          label={t(`dt.spot.${spot}`)}
          pay={config.payouts[spot]}
          className={`hs-dt__spot hs-dt__spot--${spot.toLowerCase()}`}
          testPrefix="dt"
        />
      ))}
    </div>
  );
  const road = (
    <ResultStrip
      rows={seat.state?.history ?? []}
      testPrefix="dt"
      mark={(row: DragonTigerRow) => ({
        label: t(`dt.bead.${row.outcome}`),
        title: `${t('bac.roundNo', { round: row.roundNo })} · ${row.dragonCard} : ${row.tigerCard}`,
        tone: row.outcome.toLowerCase(),
      })}
    />
  );
  return (
    <TableScreen
      seat={seat}
      chips={config.chips}
      className="hs-dt"
      testPrefix="dt"
      spotName={(spot) => t(`dt.spot.${spot}`)}
      dealt={(row: DragonTigerRow) =>
        `${row.outcome === 'TIE' ? t('dt.tieResult') : t('bac.wins', { side: t(`dt.spot.${row.outcome}`) })} ${row.dragonCard}:${row.tigerCard}`
      }
      result={<Cards result={seat.result} key={seat.result?.roundNo ?? 'none'} />}
      board={board}
      road={road}
      hint={t('dt.tieRule')}
    />
  );
}
