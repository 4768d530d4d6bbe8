// /promoDetail of a RAFFLE: how tickets are earned, the reader's tickets (live until the draw), the prizes,
// the draw time and the commitment published before it; once drawn, the winners, the seed and the ranges,
// and a Verify button that repeats the check in the browser (WebCrypto): SHA-256 of the seed against the
// commitment, and the draw itself from the published ranges and seed against the published winners.
import { useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { moment, useMoney } from '../format';
import '../raffle.css';
import { type RaffleDetail, type Verification, verify } from '../raffleApi';

type Check = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; result: Verification } | { phase: 'unsupported' };

function Verdict({ ok, yes, no, testId }: { ok: boolean; yes: string; no: string; testId: string }) {
  return (
    <li className={ok ? 'raffle-ok' : 'raffle-bad'} data-testid={testId} data-ok={ok}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? yes : no}
    </li>
  );
}

export function RafflePanel({ detail }: { detail: RaffleDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [check, setCheck] = useState<Check>({ phase: 'idle' });
  const raffle = detail.raffle;
  if (!raffle) return null;
  const params = detail.params;
  const prizes = params.prizes ?? [];

  const run = async () => {
    if (typeof crypto === 'undefined' || !crypto.subtle) {
      setCheck({ phase: 'unsupported' });
      return;
    }
    setCheck({ phase: 'busy' });
    try {
      setCheck({ phase: 'done', result: await verify(raffle, prizes.length) });
    } catch {
      setCheck({ phase: 'unsupported' });
    }
  };

  return (
    <section className="promo-section raffle-panel" aria-labelledby="raffle-title" data-testid="raffle-panel">
      <h2 id="raffle-title">{t('promotions.raffle.title')}</h2>
      <dl className="facts">
        {params.ticketBy && params.ticketEvery && (
          <>
            <dt>{t('promotions.raffle.earn')}</dt>
            <dd data-testid="raffle-earn">
              {t(`promotions.raffle.every.${params.ticketBy}`, { amount: money(params.ticketEvery) })}
              {params.maxTickets != null && ` ${t('promotions.raffle.most', { n: params.maxTickets })}`}
            </dd>
          </>
        )}
        <dt>{t('promotions.raffle.drawAt')}</dt>
        <dd>{moment(raffle.drawAt)}</dd>
        {raffle.myTickets !== null && (
          <>
            <dt>{t('promotions.raffle.mine')}</dt>
            <dd data-testid="raffle-mine">{raffle.myTickets}</dd>
          </>
        )}
        {raffle.drawn && raffle.tickets !== null && (
          <>
            <dt>{t('promotions.raffle.total')}</dt>
            <dd data-testid="raffle-total">{raffle.tickets}</dd>
          </>
        )}
      </dl>
      {raffle.myTickets === null && <p className="muted" data-testid="raffle-visitor">{t('promotions.raffle.visitor')}</p>}
      {!raffle.drawn && <p className="muted">{t('promotions.raffle.missions')}</p>}

      <h3>{t('promotions.raffle.prizes')}</h3>
      <ol className="raffle-prizes" data-testid="raffle-prizes">
        {prizes.map((prize, rank) => (
          <li key={rank}>
            <span>{t('promotions.raffle.rank', { rank: rank + 1 })}</span>
            <span className="money">{money(prize)}</span>
          </li>
        ))}
      </ol>

      {raffle.drawn && (
        <>
          <h3>{t('promotions.raffle.winners')}</h3>
          {raffle.winners.length === 0 ? (
            <p className="muted">{t('promotions.raffle.noWinners')}</p>
          ) : (
            <table className="mc-table raffle-winners" data-testid="raffle-winners">
              <thead>
                <tr>
                  <th scope="col">{t('promotions.raffle.prize')}</th>
                  <th scope="col">{t('promotions.raffle.member')}</th>
                  <th scope="col">{t('promotions.raffle.ticket')}</th>
                  <th scope="col">{t('promotions.raffle.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {raffle.winners.map((winner) => (
                  <tr key={winner.rank} data-testid="raffle-winner">
                    <td>{t('promotions.raffle.rank', { rank: winner.rank + 1 })}</td>
                    <td>{winner.name}</td>
                    <td>#{winner.ticket}</td>
                    <td className="money">{money(winner.prize)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}

      <div className="raffle-proof" data-testid="raffle-proof">
        <h3>{t('promotions.raffle.fair')}</h3>
        <p>{t(raffle.drawn ? 'promotions.raffle.fairAfter' : 'promotions.raffle.fairBefore')}</p>
        <dl className="raffle-codes">
          <dt>{t('promotions.raffle.commitment')}</dt>
          <dd><code data-testid="raffle-commitment">{raffle.commitment}</code></dd>
          {raffle.drawn && raffle.seed && (
            <>
              <dt>{t('promotions.raffle.seed')}</dt>
              <dd><code data-testid="raffle-seed">{raffle.seed}</code></dd>
            </>
          )}
        </dl>
        {raffle.drawn && raffle.ranges.length > 0 && (
          <details className="raffle-ranges">
            <summary>{t('promotions.raffle.ranges', { n: raffle.ranges.length })}</summary>
            <table className="mc-table" data-testid="raffle-ranges">
              <thead>
                <tr>
                  <th scope="col">{t('promotions.raffle.member')}</th>
                  <th scope="col">{t('promotions.raffle.tickets')}</th>
                </tr>
              </thead>
              <tbody>
                {raffle.ranges.map((range) => (
                  <tr key={range.first}>
                    <td>{range.name}</td>
                    <td>{range.count === 1 ? `#${range.first}` : `#${range.first} – #${range.first + range.count - 1}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
        <details className="raffle-rule">
          <summary>{t('promotions.raffle.howTitle')}</summary>
          <p data-testid="raffle-rule">{t('promotions.raffle.how')}</p>
        </details>
        {raffle.drawn && (
          <div className="raffle-verify">
            <button type="button" className="button button-ghost" onClick={() => void run()} disabled={check.phase === 'busy'}
              aria-busy={check.phase === 'busy'}>
              {t('promotions.raffle.verify')}
            </button>
            <div role="status" aria-live="polite">
              {check.phase === 'busy' && <p className="muted">{t('promotions.raffle.checking')}</p>}
              {check.phase === 'unsupported' && <p className="form-error">{t('promotions.raffle.unsupported')}</p>}
              {check.phase === 'done' && (
                <ul className="raffle-verdicts" data-testid="raffle-verdicts">
                  <Verdict ok={check.result.commitment} yes={t('promotions.raffle.commitmentOk')} no={t('promotions.raffle.commitmentBad')}
                    testId="raffle-verdict-commitment" />
                  <Verdict ok={check.result.winners} yes={t('promotions.raffle.winnersOk')} no={t('promotions.raffle.winnersBad')}
                    testId="raffle-verdict-winners" />
                </ul>
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
