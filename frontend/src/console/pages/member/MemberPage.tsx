// One member: the profile, the agents above, the wallets (with bonus.grant, a bonus to give), the statement,
// the betting and account records, the live sessions and the staff notes. Each block loads on its own and
// shows its own failure in place. While the page is open it follows the member's own room: a balance push
// (a deposit credited, a bet, a bonus) reloads the wallets and puts the new statement lines on top.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem, type MemberPage as Member, readMember } from '../../api';
import { useConsoleEvent, watchTopic } from '../../live';
import { BONUS_GRANT, can, MEMBERS_MANAGE, MEMBERS_NOTE } from '../../permissions';
import { meAtom } from '../../store';
import { ConsoleError } from '../../transport';
import { Loading } from '../../components/Problem';
import { BonusGrant } from './BonusGrant';
import { Failed, memberIdFrom } from './blocks';
import { Notes } from './Notes';
import { Profile, Upline, Wallets } from './Profile';
import { Records } from './Records';
import { Sessions } from './Sessions';
import { Statement } from './Statement';
import '../../styles/members.css';

// The portal's balance push (realtime/events.py BALANCE), sent to the member's room `user:<id>`.
const BALANCE = 'balance';

// Follows the member's room while mounted; counts the balance pushes heard.
function useMoneyMoves(id: number | null): number {
  const [moved, setMoved] = useState(0);
  useEffect(() => (id === null ? undefined : watchTopic(`user:${id}`)), [id]);
  useConsoleEvent(
    BALANCE,
    useCallback(() => setMoved((count) => count + 1), []),
  );
  return moved;
}

export function MemberPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const manage = can(me?.permissions, MEMBERS_MANAGE);
  const note = can(me?.permissions, MEMBERS_NOTE);
  const grant = can(me?.permissions, BONUS_GRANT);
  // The id from the address (/members/:id), read off the path: useParams would add to the router chunk that
  // the portal's first page loads too (scripts/budget.mjs).
  const id = memberIdFrom(useLocation().pathname);
  const moved = useMoneyMoves(id);
  const [member, setMember] = useState<Member | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const load = useCallback(
    (quiet = false) => {
      let current = true;
      if (!quiet) {
        setMember(null);
        setProblem(null);
      }
      if (id === null) {
        setProblem(new ConsoleError('NOT_FOUND', '', 404));
        return;
      }
      readMember(id).then(
        (found) => {
          if (current) setMember(found);
        },
        (error: unknown) => {
          if (current && !quiet && !isSessionProblem(error)) setProblem(error);
        },
      );
      return () => {
        current = false;
      };
    },
    [id],
  );
  useEffect(() => load(), [load]);
  // The wallets after a push, without blanking the page.
  useEffect(() => (moved > 0 ? load(true) : undefined), [load, moved]);

  const notFound = problem instanceof ConsoleError && problem.code === 'NOT_FOUND';

  return (
    <section className="cs-page cs-member-page" aria-labelledby="cs-member-title">
      <p className="cs-back">
        <Link to="/members">{t('members.back')}</Link>
      </p>
      <h1 id="cs-member-title">{member ? t('members.memberTitle', { username: member.username }) : t('members.member')}</h1>
      {notFound ? (
        <p className="cs-problem" role="alert" data-testid="member-not-found">
          {t('members.notFound')}
        </p>
      ) : problem !== null ? (
        <div className="cs-panel">
          <Failed problem={problem} retry={() => load()} />
        </div>
      ) : member === null || id === null ? (
        <Loading />
      ) : (
        <>
          <Profile member={member} manage={manage} onChanged={setMember} />
          <Upline member={member} />
          <Wallets member={member} />
          {grant && <BonusGrant username={member.username} />}
          <Statement memberId={id} moved={moved} />
          <Records memberId={id} moved={moved} />
          <Sessions memberId={id} manage={manage} />
          <Notes memberId={id} note={note} />
        </>
      )}
    </section>
  );
}
