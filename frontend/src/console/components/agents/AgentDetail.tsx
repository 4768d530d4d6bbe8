// One agent: who it is, its upline chain from the merchant down, its direct members, its contracts and what
// its settlements paid or owe. With agents.manage and a first-level agent (no upline), the merchant's offer
// form. After a change (here, or a dividend approved on the page) the agent is read again without blanking
// what is shown.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { type AgentDetail as Detail, readAgent } from '../../agentsApi';
import { isSessionProblem } from '../../api';
import { Loading, ReadFailed } from '../Problem';
import { MemberStatus } from '../MemberStatus';
import { Contracts } from './Contracts';
import { OfferForm } from './OfferForm';
import { agentsProblem, chainOf, toIso } from './rules';
import { Settlements } from './Settlements';

const typeKey = (type: number) => (type === 0 ? 'player' : type === 4 ? 'trial' : 'agent');

function Chain({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const chain = chainOf(detail);
  return (
    <div className="cs-agents-chain-box">
      <h3 id="cs-agent-chain">{t('agents.uplines')}</h3>
      <ol className="cs-agents-chain" aria-labelledby="cs-agent-chain" data-testid="agent-chain">
        <li>{t('agents.merchant')}</li>
        {chain.map((name, n) => (
          <li key={`${n}-${name}`} aria-current={n === chain.length - 1 ? 'true' : undefined}>
            {name}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Members({ detail, linkMembers }: { detail: Detail; linkMembers: boolean }) {
  const { t } = useTranslation();
  const column = (name: string) => t(`agents.memberColumns.${name}`);
  return (
    <section className="cs-panel" aria-labelledby="cs-agent-members">
      <h2 id="cs-agent-members">{t('agents.members', { n: String(detail.members.length) })}</h2>
      {detail.members.length === 0 ? (
        <p className="cs-muted">{t('agents.noMembers')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-agents-members" aria-labelledby="cs-agent-members">
            <thead>
              <tr>
                {['username', 'nickname', 'type', 'rank', 'status', 'created'].map((name) => (
                  <th key={name} scope="col">
                    {column(name)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {detail.members.map((member) => (
                <tr key={member.id} data-member={member.id}>
                  <td data-label={column('username')}>
                    {linkMembers ? (
                      <Link to={`/members/${member.id}`} className="cs-username">
                        {member.username}
                      </Link>
                    ) : (
                      <span className="cs-username">{member.username}</span>
                    )}
                  </td>
                  <td data-label={column('nickname')}>{member.nickname || '—'}</td>
                  <td data-label={column('type')}>{t(`agents.memberTypes.${typeKey(member.type)}`)}</td>
                  <td data-label={column('rank')}>{member.rankLevel}</td>
                  <td data-label={column('status')}>
                    <MemberStatus status={member.status} />
                  </td>
                  <td data-label={column('created')} className="cs-time">
                    {dateTime(toIso(member.createdAt))}
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

export function AgentDetail({
  agentId,
  mayManage,
  linkMembers,
  onChanged,
  refresh = 0,
}: {
  agentId: number;
  mayManage: boolean;
  linkMembers: boolean; // members.read: a member's own page is a click away
  onChanged: () => void; // the list's contract column may have changed too
  refresh?: number; // bumped when the page changed something shown here (a dividend approved)
}) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await readAgent(agentId);
      if (request === latest.current) setDetail(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, [agentId]);

  useEffect(() => {
    setDetail(null);
    void load();
  }, [load]);

  // Read again, what is shown kept, when the page says so (not on the first showing: read above).
  const refreshed = useRef(refresh);
  useEffect(() => {
    if (refreshed.current === refresh) return;
    refreshed.current = refresh;
    void load();
  }, [refresh, load]);

  // A keyboard or screen-reader user who picked an agent lands on what was picked.
  const shown = detail?.agent.id;
  useEffect(() => {
    if (shown !== undefined) heading.current?.focus();
  }, [shown]);

  const reload = useCallback(async () => {
    await load();
    onChanged();
  }, [load, onChanged]);

  if (problem !== null && detail === null) return <ReadFailed text={agentsProblem(t, problem)} retry={() => void load()} />;
  if (detail === null) return <Loading />;
  const { agent } = detail;
  const facts: [string, ReactNode][] = [
    ['nickname', agent.nickname || '—'],
    ['status', <MemberStatus key="status" status={agent.status} />],
    ['upline', agent.upline ?? t('agents.merchant')],
    ['directMembers', String(agent.directMembers)],
    ['created', dateTime(toIso(agent.createdAt))],
  ];
  // An offer of one kind waiting does not hold back an offer of the other.
  const pending = detail.contracts.filter((c) => c.upline === null && c.status === 'OFFERED').map((c) => c.kind);

  return (
    <div className="cs-agents-detail" data-testid="agent-detail">
      <section className="cs-panel" aria-labelledby="cs-agent-title">
        <h2 id="cs-agent-title" ref={heading} tabIndex={-1}>
          {t('agents.agentTitle', { username: agent.username })}
        </h2>
        <dl className="cs-agents-facts">
          {facts.map(([key, value]) => (
            <div key={key}>
              <dt>{t(`agents.facts.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Chain detail={detail} />
      </section>
      <Members detail={detail} linkMembers={linkMembers} />
      <Contracts contracts={detail.contracts} mayManage={mayManage} reload={reload} />
      {mayManage && agent.upline === null && (
        <OfferForm key={agent.id} agent={agent} pending={pending} onOffered={reload} onStale={() => void reload()} />
      )}
      <Settlements settlements={detail.settlements} />
    </div>
  );
}
