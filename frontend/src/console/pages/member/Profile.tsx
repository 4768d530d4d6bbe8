// The member's profile, the agents above and the wallets. With members.manage: lock / unlock and a
// temporary password, each confirmed first.
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem, type MemberPage as Member, resetMemberPassword, setMemberLocked } from '../../api';
import { MemberStatus } from '../../components/MemberStatus';
import { Problem } from '../../components/Problem';
import { problemText } from '../../i18n';
import { Block, memberTypeKey } from './blocks';

// A button whose action waits for a second, explicit "Confirm" beside the question it raises.
function ConfirmedAction({ label, question, run }: { label: string; question: string; run: () => Promise<void> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    setConfirming(false);
    try {
      await run();
    } catch (error) {
      if (!isSessionProblem(error)) setProblem(problemText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {confirming ? (
        <span className="cs-confirm">
          <span>{question}</span>
          <button type="button" className="cs-button danger small" disabled={busy} onClick={() => void confirm()}>
            {t('members.confirm')}
          </button>
          <button type="button" className="cs-button secondary small" onClick={() => setConfirming(false)}>
            {t('members.cancel')}
          </button>
        </span>
      ) : (
        <button type="button" className="cs-button secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {label}
        </button>
      )}
      <Problem>{problem}</Problem>
    </>
  );
}

function ProfileActions({ member, onChanged }: { member: Member; onChanged: (member: Member) => void }) {
  const { t } = useTranslation();
  const [temporary, setTemporary] = useState<string | null>(null);
  const locked = member.status === 'LOCKED';
  const username = member.username;

  return (
    <>
      <div className="cs-actions">
        <ConfirmedAction
          label={locked ? t('members.unlock') : t('members.lock')}
          question={locked ? t('members.confirmUnlock', { username }) : t('members.confirmLock', { username })}
          run={async () => onChanged({ ...member, ...(await setMemberLocked(member.id, !locked)) })}
        />
        <ConfirmedAction
          label={t('members.resetPassword')}
          question={t('members.confirmReset', { username })}
          run={async () => setTemporary((await resetMemberPassword(member.id)).temporaryPassword)}
        />
      </div>
      {temporary !== null && (
        <div className="cs-temporary" role="status">
          <p>{t('members.temporaryPassword', { username })}</p>
          <code className="cs-secret" data-testid="temporary-password">
            {temporary}
          </code>
          <p className="cs-muted">{t('members.temporaryHint')}</p>
        </div>
      )}
    </>
  );
}

export function Profile({ member, manage, onChanged }: { member: Member; manage: boolean; onChanged: (member: Member) => void }) {
  const { t } = useTranslation();
  const fields: [string, ReactNode][] = [
    ['id', member.id],
    ['username', member.username],
    ['nickname', member.nickname],
    ['fullName', member.fullName],
    ['email', member.email],
    ['mobile', member.mobile],
    ['memberType', `${t(memberTypeKey(member.memberType))} (${member.memberType})`],
    ['status', <MemberStatus key="status" status={member.status} />],
    ['rank', member.rankLevel],
    ['affiliateCode', member.affiliateCode],
    ['club', member.clubLabelName],
    ['labels', member.labels.length > 0 ? member.labels.join(', ') : null],
    ['created', dateTime(member.createdAt)],
    ['lastLogin', member.lastLoginAt ? dateTime(member.lastLoginAt) : null],
    ['registeredIp', member.registeredIp],
    ['lastLoginIp', member.lastLoginIp],
  ];

  return (
    <Block id="cs-member-profile" title={t('members.profile')}>
      <dl className="cs-facts">
        {fields.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`members.fields.${key}`)}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
      {manage && <ProfileActions member={member} onChanged={onChanged} />}
    </Block>
  );
}

export function Upline({ member }: { member: Member }) {
  const { t } = useTranslation();
  // The server lists the nearest agent first; the chain reads from the top down to the member.
  const chain = [...member.upline].reverse();
  return (
    <Block id="cs-member-upline" title={t('members.upline')}>
      {chain.length === 0 ? (
        <p className="cs-muted">{t('members.noUpline')}</p>
      ) : (
        <ol className="cs-upline" data-testid="upline">
          {chain.map((agent) => (
            <li key={agent.id}>
              <Link to={`/members/${agent.id}`}>{agent.username}</Link>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

export function Wallets({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <Block id="cs-member-wallets" title={t('members.wallets')}>
      <div className="cs-table-wrap">
        <table className="cs-table cs-wallets-table" aria-labelledby="cs-member-wallets">
          <thead>
            <tr>
              <th scope="col">{t('members.columns.wallet')}</th>
              <th scope="col">{t('members.columns.vendor')}</th>
              <th scope="col" className="cs-amount">
                {t('members.columns.balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {member.wallets.length === 0 ? (
              <tr>
                <td colSpan={3} className="cs-muted">
                  {t('members.noWallets')}
                </td>
              </tr>
            ) : (
              member.wallets.map((wallet) => (
                <tr key={`${wallet.wallet}:${wallet.vendorCode}`}>
                  <td>{wallet.wallet}</td>
                  <td>{wallet.vendorCode || '—'}</td>
                  <td className="cs-amount">{wallet.balance}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Block>
  );
}
