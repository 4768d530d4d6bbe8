// Who the conversation is with: a member's username, nickname, rank, balance, registration and last five
// transactions (their member page a click away), or a visitor's name and email.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import { ledgerKind } from '../../labels';
import { type ConversationDetail, readConversation } from '../../supportApi';
import { Loading, Problem } from '../Problem';
import { supportProblem, toIso } from './rules';

export function MemberPanel({ id, refresh }: { id: number; refresh: string }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<ConversationDetail | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    setProblem(null);
    readConversation(id).then(
      (read) => {
        if (current) setDetail(read);
      },
      (error: unknown) => {
        if (current && !isSessionProblem(error)) setProblem(error);
      },
    );
    return () => {
      current = false;
    };
  }, [id, refresh]);

  const profile = detail?.profile ?? null;
  const conversation = detail?.conversation;
  return (
    <aside className="cs-support-member" data-testid="member-panel" aria-label={t('support.member.title')}>
      <h2>{t('support.member.title')}</h2>
      {problem !== null && <Problem>{supportProblem(t, problem)}</Problem>}
      {detail === null ? (
        problem === null && <Loading />
      ) : profile ? (
        <>
          <dl className="cs-support-facts">
            <dt>{t('support.member.username')}</dt>
            <dd>
              <Link to={`/members/${profile.memberId}`} className="cs-username" data-testid="member-link">
                {profile.username}
              </Link>
            </dd>
            <dt>{t('support.member.nickname')}</dt>
            <dd>{profile.nickname || '—'}</dd>
            <dt>{t('support.member.rank')}</dt>
            <dd>
              {t('support.rank', { n: String(profile.rankLevel) })}
              {profile.clubLabelName ? ` · ${profile.clubLabelName}` : ''}
            </dd>
            <dt>{t('support.member.balance')}</dt>
            <dd className="cs-amount">
              {profile.balance} {profile.currency}
            </dd>
            <dt>{t('support.member.registered')}</dt>
            <dd>{profile.registeredAt ? dateTime(toIso(profile.registeredAt)) : '—'}</dd>
          </dl>
          <h3>{t('support.member.transactions')}</h3>
          {profile.lastTransactions.length === 0 ? (
            <p className="cs-muted">{t('support.member.noTransactions')}</p>
          ) : (
            <ul className="cs-support-transactions">
              {profile.lastTransactions.map((line) => (
                <li key={line.id}>
                  <span>{ledgerKind(t, line.kind)}</span>
                  <span className={line.amount.startsWith('-') ? 'cs-amount is-negative' : 'cs-amount'}>{line.amount}</span>
                  <span className="cs-muted">{dateTime(toIso(line.createdAt))}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <dl className="cs-support-facts">
          <dt>{t('support.member.visitor')}</dt>
          <dd>{conversation?.visitorName || '—'}</dd>
          <dt>{t('support.member.email')}</dt>
          <dd>{conversation?.visitorEmail || '—'}</dd>
        </dl>
      )}
    </aside>
  );
}
