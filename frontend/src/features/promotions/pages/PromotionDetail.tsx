import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { SafeHtml } from '../../../components/SafeHtml';
import { useTranslation } from '../../../i18n/react';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { type ActionResult, type PromotionDetail as Detail, type PromotionProgress, promotionsApi, type Reward, type RewardTier } from '../api';
import { ApplicationPanel } from '../components/ApplicationForm';
import { MissionPanel } from '../components/MissionPanel';
import { PromotionArt } from '../components/PromotionArt';
import { PromotionButton } from '../components/PromotionButton';
import { RafflePanel } from '../components/RafflePanel';
import { aheadBy, belowMinLoss, everyPeriod, moment, periodText, streakDays, termLines, tierStanding, useMoney } from '../format';
import '../promotions.css';
import { usePromotionAction } from '../usePromotionAction';

type Load = { phase: 'loading' } | { phase: 'ready'; value: Detail } | { phase: 'failed'; error: unknown };

// ?id=N, a positive whole number; anything else is no promotion.
function idOf(text: string | null): number | null {
  if (!text || !/^\d{1,12}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/promotions" className="promo-back">
      <span aria-hidden="true">‹ </span>
      {t('promotions.back')}
    </Link>
  );
}

// A check-in's streak: days 1..N with their rewards, today's marked, the days already checked in ticked.
function Streak({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const days = streakDays(detail);
  if (days.length === 0) return null;
  return (
    <section className="promo-section" aria-labelledby="promo-streak-title">
      <h2 id="promo-streak-title">{t('promotions.streak.title')}</h2>
      <ol className="promo-streak" data-testid="promo-streak">
        {days.map((d) => (
          <li key={d.day} className={`promo-day${d.done ? ' done' : ''}${d.today ? ' today' : ''}`}
            aria-current={d.today ? 'date' : undefined} data-day={d.day}>
            <span className="promo-day-name">{t('promotions.streak.day', { day: d.day })}</span>
            <span className="promo-day-reward">{money(d.reward)}</span>
            {d.today && <span className="promo-day-mark">{t('promotions.streak.today')}</span>}
            {d.done && <span className="visually-hidden">{t('promotions.streak.done')}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

// A turnover reward's tiers at a glance: the turnover each asks in a period and what it pays; the member's
// tier so far marked.
function Tiers({ detail, tiers }: { detail: Detail; tiers: RewardTier[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const reached = detail.progress ? tierStanding(tiers, detail.progress.turnover).reached : null;
  return (
    <table className="mc-table promo-tiers" data-testid="promo-tiers">
      <caption>{t('promotions.terms.tiers', { every: everyPeriod(t, detail.params.period) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('promotions.terms.tierTurnover')}</th>
          <th scope="col">{t('promotions.terms.tierReward')}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.turnover} className={tier === reached ? 'promo-tier-reached' : undefined}>
            <td className="money">{money(tier.turnover)}</td>
            <td className="money">{money(tier.reward)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// A periodic promotion's figures for the member in the period running now: the period, their turnover (and
// the next tier to reach) or their net loss (or that they are ahead: no rebate), and what the period would
// pay if it closed now.
function Progress({ detail, progress }: { detail: Detail; progress: PromotionProgress }) {
  const { t } = useTranslation();
  const money = useMoney();
  const tiers = detail.kind === 'TURNOVER_TIERS' ? (detail.params.tiers ?? []) : [];
  const next = tiers.length > 0 ? tierStanding(tiers, progress.turnover).next : null;
  const ahead = detail.kind === 'LOSS_REBATE' ? aheadBy(progress.loss) : null;
  const short = detail.kind === 'LOSS_REBATE' && belowMinLoss(progress.loss, detail.params.minLoss);
  return (
    <section className="promo-section" aria-labelledby="promo-progress-title" data-testid="promo-progress">
      <h2 id="promo-progress-title">{t('promotions.progress.title')}</h2>
      <dl className="facts promo-progress">
        <dt>{t('promotions.progress.period')}</dt>
        <dd>{periodText(t, progress, true)}</dd>
        {detail.kind === 'TURNOVER_TIERS' && (
          <>
            <dt>{t('promotions.progress.turnover')}</dt>
            <dd className="money">{money(progress.turnover)}</dd>
          </>
        )}
        {detail.kind === 'LOSS_REBATE' && ahead === null && (
          <>
            <dt>{t('promotions.progress.loss')}</dt>
            <dd className="money">{money(progress.loss)}</dd>
          </>
        )}
        {ahead !== null && (
          <>
            <dt>{t('promotions.progress.won')}</dt>
            <dd className="money">{money(ahead)}</dd>
          </>
        )}
        <dt>{t('promotions.progress.reward')}</dt>
        <dd className="money promo-progress-reward">{money(progress.reward)}</dd>
        {tiers.length > 0 && (
          <>
            <dt>{t('promotions.progress.nextTier')}</dt>
            <dd>
              {next
                ? t('promotions.progress.toNextTier', { more: money(next.more), turnover: money(next.turnover), reward: money(next.reward) })
                : t('promotions.progress.topTier')}
            </dd>
          </>
        )}
      </dl>
      {ahead !== null && <p className="promo-progress-note">{t('promotions.progress.ahead')}</p>}
      {short && detail.params.minLoss && (
        <p className="promo-progress-note">{t('promotions.progress.belowMin', { min: money(detail.params.minLoss) })}</p>
      )}
      <p className="muted promo-progress-note">{t('promotions.progress.settledOnly')}</p>
    </section>
  );
}

// The reader's entry for the current period: what it is, what it pays, and until when it can be claimed.
function Entry({ entry }: { entry: Reward }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="promo-section" aria-labelledby="promo-entry-title">
      <h2 id="promo-entry-title">{t('promotions.entry.title')}</h2>
      <dl className="facts">
        <dt>{t('promotions.rewards.status')}</dt>
        <dd>
          <span className={`promo-status promo-reward-${entry.status.toLowerCase()}`}>{t(`promotions.rewardStatus.${entry.status}`)}</span>
        </dd>
        {(entry.amount !== '0.00' || !['JOINED', 'APPLYING', 'REJECTED'].includes(entry.status)) && (
          <>
            <dt>{t('promotions.rewards.amount')}</dt>
            <dd>{money(entry.amount)}</dd>
          </>
        )}
        {entry.depositAmount && (
          <>
            <dt>{t('promotions.rewards.deposit')}</dt>
            <dd>{money(entry.depositAmount)}</dd>
          </>
        )}
        {entry.claimBy != null && entry.status === 'CLAIMABLE' && (
          <>
            <dt>{t('promotions.rewards.claimBy')}</dt>
            <dd>{moment(entry.claimBy)}</dd>
          </>
        )}
        {entry.paidAt != null && (
          <>
            <dt>{t('promotions.rewards.paidAt')}</dt>
            <dd>{moment(entry.paidAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

// /promoDetail?id=N: the promotion's banner, title and period, its button (as on the list), its terms at a
// glance (a turnover reward's tiers as a table), a check-in's streak, a periodic promotion's progress in the
// period running now, the reader's entry and the rules staff wrote (sanitised again here).
export function PromotionDetail() {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const [state, setState] = useState<Load>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (id === null) return;
    const abort = new AbortController();
    setState((previous) => (previous.phase === 'ready' && previous.value.id === id ? previous : { phase: 'loading' }));
    promotionsApi.detail(id, abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [id, language, token, reloads]);

  // The answer's card shows at once; the page is read again for the entry and the streak it changed.
  const refresh = useCallback((result: ActionResult) => {
    setState((previous) =>
      previous.phase === 'ready' && previous.value.id === result.promotion.id
        ? { phase: 'ready', value: { ...previous.value, ...result.promotion } }
        : previous,
    );
    setReloads((n) => n + 1);
  }, []);
  const { run, busy, outcome } = usePromotionAction(refresh);

  if (id === null || (state.phase === 'failed' && state.error instanceof ApiError && state.error.code === 'PROMOTION_NOT_FOUND')) {
    return (
      <div className="promo-detail">
        <BackLink />
        <p className="empty-state" role="alert">{t('errors.PROMOTION_NOT_FOUND')}</p>
      </div>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div className="promo-detail">
        <BackLink />
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={() => setReloads((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.phase === 'loading') {
    return (
      <div className="promo-detail">
        <BackLink />
        <p className="muted" aria-busy="true">{t('promotions.loading')}</p>
      </div>
    );
  }
  const detail = state.value;
  return (
    <article className="promo-detail" data-testid="promo-detail">
      <BackLink />
      <div className="promo-banner">
        <PromotionArt card={detail} eager />
      </div>
      <header className="promo-head">
        <span className="promo-chip">{t(`promotions.categories.${detail.category}`, { defaultValue: t('promotions.categories.OTHER') })}</span>
        <h1 className="page-title">{detail.title}</h1>
        <p className="promo-period">
          {periodText(t, detail, true)}
          {detail.period && <span className="promo-chip promo-chip-quiet">{t(`promotions.periods.${detail.period}`, { defaultValue: detail.period })}</span>}
        </p>
        <div className="promo-action">
          <PromotionButton card={detail} busy={busy === detail.id} onAction={() => void run(detail)} />
        </div>
        {outcome?.id === detail.id && (
          <p className={outcome.ok ? 'promo-outcome' : 'form-error'} role={outcome.ok ? 'status' : 'alert'} data-testid="promo-outcome">
            {outcome.text}
          </p>
        )}
      </header>
      <section className="promo-section" aria-labelledby="promo-terms-title">
        <h2 id="promo-terms-title">{t('promotions.terms.title')}</h2>
        {detail.kind === 'TURNOVER_TIERS' && detail.params.tiers?.length ? <Tiers detail={detail} tiers={detail.params.tiers} /> : null}
        <ul className="promo-terms" data-testid="promo-terms">
          {termLines(t, money, detail).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {detail.kind === 'CHECKIN' && <Streak detail={detail} />}
      {detail.progress && <Progress detail={detail} progress={detail.progress} />}
      {detail.kind === 'MISSION' && <MissionPanel detail={detail} onClaimed={refresh} />}
      {detail.kind === 'APPLICATION' && <ApplicationPanel detail={detail} onApplied={refresh} />}
      {detail.kind === 'RAFFLE' && <RafflePanel detail={detail} />}
      {detail.entry && <Entry entry={detail.entry} />}
      {detail.content.trim() && (
        <section className="promo-section" aria-labelledby="promo-rules-title">
          <h2 id="promo-rules-title">{t('promotions.rules')}</h2>
          <SafeHtml html={detail.content} className="promo-rules" testId="promo-rules" />
        </section>
      )}
    </article>
  );
}
