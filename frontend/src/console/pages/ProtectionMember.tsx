// One member's protection (Player protection, tab "members", ?member=12): their nine limits (each amount or
// "no limit", what this period used and left, a pending change with when it takes effect), their session
// limit, reality-check interval, exclusion and KYC status, and the history of it all (when, who, what, the
// detail in words). Staff cannot lift an exclusion early: the page says so and offers no way to.
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';
import { Loading, ReadFailed } from '../components/Problem';
import { useLatestRead } from '../components/useLatestRead';
import { can, MEMBERS_READ } from '../permissions';
import { LIMIT_KINDS, LIMIT_PERIODS, type ProtectionLimit, type ProtectionOut, readProtectionMember } from '../protectionApi';
import { meAtom } from '../store';
import { DetailWords, exclusionText, KycBadge, protectionProblem, when } from './ProtectionCommon';

const LIMIT_COLUMNS = ['kind', 'period', 'amount', 'used', 'left', 'pending'] as const;
const HISTORY_COLUMNS = ['at', 'actor', 'event', 'detail'] as const;

const money = (amount: string | null, none: string) => (amount === null ? none : formatMoney(amount));

// The nine rows in a steady order (deposits, losses, wagers; each by day, week, month), whatever the wire's.
function ordered(limits: ProtectionLimit[]): ProtectionLimit[] {
  const rank = (limit: ProtectionLimit) => LIMIT_KINDS.indexOf(limit.kind) * 3 + LIMIT_PERIODS.indexOf(limit.period);
  return [...limits].sort((a, b) => rank(a) - rank(b));
}

function Limits({ protection }: { protection: ProtectionOut }) {
  const { t } = useTranslation();
  const column = (key: string) => t(`protection.member.columns.${key}`);
  const noLimit = t('protection.member.noLimit');
  return (
    <div className="cs-table-wrap">
      <table className="cs-table cs-content-table" data-testid="protection-limits">
        <caption className="visually-hidden">{t('protection.member.limits')}</caption>
        <thead>
          <tr>
            {LIMIT_COLUMNS.map((key) => (
              <th key={key} scope="col">
                {column(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ordered(protection.limits).map((limit) => (
            <tr key={`${limit.kind}-${limit.period}`} data-limit={`${limit.kind}-${limit.period}`}>
              <td data-label={column('kind')}>{t(`protection.member.kinds.${limit.kind}`)}</td>
              <td data-label={column('period')}>{t(`protection.member.periods.${limit.period}`)}</td>
              <td data-label={column('amount')} className="cs-amount" data-cell="amount">
                {money(limit.amount, noLimit)}
              </td>
              <td data-label={column('used')} className="cs-amount" data-cell="used">
                {formatMoney(limit.used)}
              </td>
              <td data-label={column('left')} className="cs-amount" data-cell="left">
                {limit.amount === null ? '—' : money(limit.left, '—')}
              </td>
              <td data-label={column('pending')} data-cell="pending">
                {limit.pending === null
                  ? '—'
                  : limit.pending.amount === null
                    ? t('protection.member.pendingRemoval', { time: when(limit.pending.effectiveAt) })
                    : t('protection.member.pendingAmount', {
                        amount: formatMoney(limit.pending.amount),
                        time: when(limit.pending.effectiveAt),
                      })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function sessionText(t: ReturnType<typeof useTranslation>['t'], protection: ProtectionOut): string {
  const now =
    protection.sessionMinutes === null
      ? t('protection.member.sessionNone')
      : t('protection.member.minutes', { minutes: String(protection.sessionMinutes) });
  const pending = protection.sessionPending;
  if (!pending) return now;
  const change =
    pending.minutes === null
      ? t('protection.member.pendingRemoval', { time: when(pending.effectiveAt) })
      : t('protection.member.pendingMinutes', { minutes: String(pending.minutes), time: when(pending.effectiveAt) });
  return `${now} (${change})`;
}

export function MemberDetail({ memberId, onBack }: { memberId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const read = useCallback(() => readProtectionMember(memberId), [memberId]);
  const { value: member, readProblem, load } = useLatestRead(read);
  const column = (key: string) => t(`protection.member.columns.${key}`);

  const back = (
    <p className="cs-back">
      <button type="button" className="cs-link" onClick={onBack}>
        {t('protection.member.back')}
      </button>
    </p>
  );
  if (member === null) {
    return (
      <section className="cs-panel" data-testid="protection-member">
        {back}
        {readProblem !== null ? <ReadFailed text={protectionProblem(t, readProblem)} retry={() => void load()} /> : <Loading />}
      </section>
    );
  }
  const { protection } = member;
  const history = [...member.history].sort((a, b) => b.at - a.at);

  return (
    <section className="cs-panel" aria-labelledby="cs-protection-member" data-testid="protection-member">
      {back}
      <h2 id="cs-protection-member">
        {t('protection.member.title', { name: member.username })} <span className="cs-muted">#{member.memberId}</span>
      </h2>
      {can(me?.permissions, MEMBERS_READ) && (
        <p>
          <Link to={`/members/${member.memberId}`} className="cs-link">
            {t('protection.member.profile')}
          </Link>
        </p>
      )}
      <dl className="cs-protection-facts">
        <div data-fact="exclusion">
          <dt>{t('protection.member.exclusion')}</dt>
          <dd>{exclusionText(t, protection.exclusion)}</dd>
        </div>
        <div data-fact="session">
          <dt>{t('protection.member.session')}</dt>
          <dd>{sessionText(t, protection)}</dd>
        </div>
        <div data-fact="realityCheck">
          <dt>{t('protection.member.realityCheck')}</dt>
          <dd>{t('protection.member.every', { minutes: String(protection.realityCheckMinutes) })}</dd>
        </div>
        <div data-fact="kyc">
          <dt>{t('protection.member.kyc')}</dt>
          <dd>
            <KycBadge status={member.kycStatus} />
          </dd>
        </div>
      </dl>
      {protection.exclusion && (
        <p className="cs-protection-nolift" data-testid="no-lift">
          {t('protection.exclusion.noLift')}
        </p>
      )}

      <h3>{t('protection.member.limits')}</h3>
      <Limits protection={protection} />

      <h3>{t('protection.member.history')}</h3>
      {history.length === 0 ? (
        <p className="cs-muted">{t('protection.member.historyEmpty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table" data-testid="protection-history">
            <caption className="visually-hidden">{t('protection.member.history')}</caption>
            <thead>
              <tr>
                {HISTORY_COLUMNS.map((key) => (
                  <th key={key} scope="col">
                    {column(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.map((entry, n) => (
                <tr key={`${entry.at}-${n}`} data-event={entry.event}>
                  <td data-label={column('at')}>
                    <span className="cs-time">{when(entry.at)}</span>
                  </td>
                  <td data-label={column('actor')}>{t(`protection.member.actors.${entry.actor}`, { defaultValue: entry.actor })}</td>
                  <td data-label={column('event')}>{t(`protection.member.events.${entry.event}`, { defaultValue: entry.event })}</td>
                  <td data-label={column('detail')}>
                    <DetailWords detail={entry.detail} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
