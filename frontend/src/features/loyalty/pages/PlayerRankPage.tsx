import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';

import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { memberCentreAtom } from '../../../state/memberCentre';
import { Emblem, Failed, Loading, loyaltyApi, moment, percentOf, Progress, useLoad, useMoney } from '../shared';

// playerRank (SPEC §2.3): the member's VIP level, and their deposits and valid turnover over the rolling
// window against the next level's thresholds (both must be reached); how long the level is kept; the way
// to every level's perks (/vip).
export function PlayerRankPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const close = useSetAtom(memberCentreAtom);
  const [reloads, setReloads] = useState(0);
  const state = useLoad((signal) => loyaltyApi.myVip(signal), [reloads]);
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'failed') return <Failed error={state.error} onRetry={() => setReloads((n) => n + 1)} />;
  const vip = state.value;
  const next = vip.next;
  return (
    <div className="loyalty-page player-rank" data-testid="player-rank">
      <div className="rank-now">
        <Emblem emblem={vip.emblem} size={56} />
        <div>
          <p className="muted">{t('loyalty.rank.current')}</p>
          <p className="rank-name" data-testid="rank-name">{vip.name}</p>
          <p className="muted">{t('loyalty.vip.levelNumber', { level: vip.level })}</p>
        </div>
      </div>
      <Section title={next ? t('loyalty.rank.toNext', { name: next.name }) : t('loyalty.rank.top')}>
        <p className="form-hint">{t('loyalty.rank.window', { days: vip.windowDays })}</p>
        {next ? (
          <div className="rank-progress" data-testid="rank-progress">
            <Progress percent={percentOf(vip.deposits, next.depositRequired)} label={t('loyalty.rank.deposits')}
              text={t('loyalty.rank.ofDeposits', { have: money(vip.deposits), need: money(next.depositRequired) })} />
            <Progress percent={percentOf(vip.turnover, next.turnoverRequired)} label={t('loyalty.rank.turnover')}
              text={t('loyalty.rank.ofTurnover', { have: money(vip.turnover), need: money(next.turnoverRequired) })} />
            <p className="form-hint">{t('loyalty.rank.both')}</p>
          </div>
        ) : (
          <dl className="facts">
            <dt>{t('loyalty.rank.deposits')}</dt>
            <dd>{money(vip.deposits)}</dd>
            <dt>{t('loyalty.rank.turnover')}</dt>
            <dd>{money(vip.turnover)}</dd>
          </dl>
        )}
      </Section>
      {(vip.promotedAt !== null || vip.keepUntil !== null) && (
        <dl className="facts" data-testid="rank-dates">
          {vip.promotedAt !== null && (
            <>
              <dt>{t('loyalty.rank.promotedAt')}</dt>
              <dd>{moment(vip.promotedAt)}</dd>
            </>
          )}
          {vip.keepUntil !== null && (
            <>
              <dt>{t('loyalty.rank.keepUntil')}</dt>
              <dd>{moment(vip.keepUntil)}</dd>
            </>
          )}
        </dl>
      )}
      <Link to="/vip" className="button button-ghost" onClick={() => close(null)}>{t('loyalty.rank.allLevels')}</Link>
    </div>
  );
}
