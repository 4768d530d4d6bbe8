// A raffle's row in the console's list: the commitment published from the start; once drawn, when, the
// seed, the tickets in the draw and the winners (usernames in full) with their prizes. Read when opened.
import { useState } from 'react';

import { dateTime } from '../../../lib/dates';
import { useTranslation } from '../../../i18n/react';
import { formatMoney } from '../../../lib/money';
import { problemText } from '../../i18n';
import { type RaffleAdmin, raffleDraw } from '../../raffleApi';

type Load = { phase: 'idle' | 'loading' } | { phase: 'ready'; value: RaffleAdmin } | { phase: 'failed'; error: unknown };

export function RaffleSummary({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ phase: 'idle' });

  const open = (opened: boolean) => {
    if (!opened || load.phase === 'loading') return;
    setLoad({ phase: 'loading' });
    raffleDraw(promotionId).then(
      (value) => setLoad({ phase: 'ready', value }),
      (error: unknown) => setLoad({ phase: 'failed', error }),
    );
  };

  return (
    <details className="cs-raffle-summary" data-testid="raffle-summary" onToggle={(event) => open(event.currentTarget.open)}>
      <summary>{t('promotions.raffle.summary')}</summary>
      {load.phase === 'loading' && <p className="cs-muted">{t('promotions.raffle.loading')}</p>}
      {load.phase === 'failed' && <p className="cs-field-problem" role="alert">{problemText(t, load.error)}</p>}
      {load.phase === 'ready' && (
        <dl className="cs-raffle-facts">
          <dt>{t('promotions.raffle.commitment')}</dt>
          <dd><code data-testid="raffle-commitment">{load.value.commitment}</code></dd>
          <dt>{t('promotions.raffle.drawAt')}</dt>
          <dd>{dateTime(load.value.drawAt)}</dd>
          {load.value.drawnAt === null ? (
            <>
              <dt>{t('promotions.raffle.seed')}</dt>
              <dd className="cs-muted">{t('promotions.raffle.seedHidden')}</dd>
            </>
          ) : (
            <>
              <dt>{t('promotions.raffle.drawnAt')}</dt>
              <dd>{dateTime(load.value.drawnAt)}</dd>
              <dt>{t('promotions.raffle.seed')}</dt>
              <dd><code data-testid="raffle-seed">{load.value.seed}</code></dd>
              <dt>{t('promotions.raffle.tickets')}</dt>
              <dd>{load.value.tickets}</dd>
              <dt>{t('promotions.raffle.winners')}</dt>
              <dd>
                {load.value.winners.length === 0 ? (
                  t('promotions.raffle.noWinners')
                ) : (
                  <ol data-testid="raffle-winners">
                    {load.value.winners.map((winner) => (
                      <li key={winner.rank}>
                        {t('promotions.raffle.winner', { rank: winner.rank + 1, name: winner.username, ticket: winner.ticket, prize: formatMoney(winner.prize) })}
                      </li>
                    ))}
                  </ol>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
    </details>
  );
}
