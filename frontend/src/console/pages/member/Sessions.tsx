// The member's live sessions; with members.manage, a forced log-out per session (it ends at once, and the
// member's open pages with it).
import { useCallback, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { endMemberSession, isSessionProblem, type MemberSession, readMemberSessions } from '../../api';
import { Loading, Problem } from '../../components/Problem';
import { problemText } from '../../i18n';
import { Block, Failed, useList } from './blocks';

function SessionRow({
  memberId,
  session,
  manage,
  onEnded,
}: {
  memberId: number;
  session: MemberSession;
  manage: boolean;
  onEnded: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const end = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await endMemberSession(memberId, session.id);
      onEnded(session.id);
    } catch (error) {
      if (!isSessionProblem(error)) setProblem(problemText(t, error));
      setBusy(false);
    }
  };

  return (
    <tr>
      <td className="cs-time">{dateTime(session.createdAt)}</td>
      <td className="cs-time">{dateTime(session.lastSeenAt)}</td>
      <td>{session.ip || '—'}</td>
      <td className="cs-detail">{session.userAgent || '—'}</td>
      {manage && (
        <td className="cs-row-actions">
          <button type="button" className="cs-button secondary small" disabled={busy} onClick={() => void end()}>
            {t('members.endSession')}
          </button>
          <Problem>{problem}</Problem>
        </td>
      )}
    </tr>
  );
}

export function Sessions({ memberId, manage }: { memberId: number; manage: boolean }) {
  const { t } = useTranslation();
  const read = useCallback(() => readMemberSessions(memberId), [memberId]);
  const { rows, setRows, problem, reload } = useList(read);
  const columns = manage ? 5 : 4;
  return (
    <Block id="cs-member-sessions" title={t('members.sessions')}>
      {problem !== null ? (
        <Failed problem={problem} retry={reload} />
      ) : rows === null ? (
        <Loading />
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-sessions-table" aria-labelledby="cs-member-sessions">
            <thead>
              <tr>
                <th scope="col">{t('members.columns.started')}</th>
                <th scope="col">{t('members.columns.lastSeen')}</th>
                <th scope="col">{t('members.columns.ip')}</th>
                <th scope="col">{t('members.columns.userAgent')}</th>
                {manage && <th scope="col">{t('members.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns} className="cs-muted">
                    {t('members.noSessions')}
                  </td>
                </tr>
              ) : (
                rows.map((session) => (
                  <SessionRow
                    key={session.id}
                    memberId={memberId}
                    session={session}
                    manage={manage}
                    onEnded={(id) => setRows((old) => (old ? old.filter((row) => row.id !== id) : old))}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </Block>
  );
}
