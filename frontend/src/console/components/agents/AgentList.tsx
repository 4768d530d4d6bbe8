// The merchant's agents, by username, a page at a time, with a search on username or nickname: each row
// its upline, direct members, the contract in force (its best rate and how many tiers) and status. A row
// selects the agent; the page shows its detail below.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { AGENTS_PAGE, type AgentPage, listAgents, SEARCH_MAX } from '../../agentsApi';
import { isSessionProblem } from '../../api';
import { Pager } from '../content/common';
import { Field } from '../Field';
import { MemberStatus } from '../MemberStatus';
import { Loading, ReadFailed } from '../Problem';
import { agentsProblem, bestRate, percent } from './rules';

interface Props {
  searched: string;
  pageNum: number;
  selected: number | null;
  linkTo: (id: number) => string; // the address that selects an agent (the list's search and page kept)
  onSearch: (search: string) => void;
  onPage: (pageNum: number) => void;
  onSelect: (id: number) => void;
  refresh: number;
}

export function AgentList({ searched, pageNum, selected, linkTo, onSearch, onPage, onSelect, refresh }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(searched);
  const [page, setPage] = useState<AgentPage | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  // Only the newest read's answer is shown.
  const latest = useRef(0);

  const load = useCallback(async (search: string, number: number) => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await listAgents(search, number, AGENTS_PAGE);
      if (request === latest.current) setPage(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, []);

  useEffect(() => {
    void load(searched, pageNum);
  }, [load, searched, pageNum, refresh]);

  // A page past the end (an old address, a search that now finds fewer): the last one there is.
  const beyond = page !== null && page.list.length === 0 && pageNum > 1 && page.totalPages < pageNum;
  useEffect(() => {
    if (beyond) onPage(Math.max(page.totalPages, 1));
  }, [beyond, page, onPage]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  const pages = Math.max(page?.totalPages ?? 1, 1);
  const columns = ['username', 'nickname', 'upline', 'directMembers', 'bestRate', 'tiers', 'status'] as const;
  const column = (name: (typeof columns)[number]) => t(`agents.columns.${name}`);

  return (
    <div className="cs-panel cs-agents-list">
      <form role="search" className="cs-agents-search" onSubmit={submit} noValidate aria-label={t('agents.search')}>
        <Field
          label={t('agents.query')}
          hint={t('agents.queryHint')}
          value={text}
          onValue={setText}
          type="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={SEARCH_MAX}
        />
        <div className="cs-actions">
          <button type="submit" className="cs-button primary">
            {t('agents.searchButton')}
          </button>
        </div>
      </form>
      {problem !== null && <ReadFailed text={agentsProblem(t, problem)} retry={() => void load(searched, pageNum)} />}
      {page === null ? (
        problem === null && <Loading />
      ) : (
        <>
          <p className="cs-muted" role="status">
            {t('agents.total', { n: String(page.total) })}
          </p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-agents-table">
              <caption className="visually-hidden">
                {searched ? t('agents.results', { q: searched }) : t('agents.title')}
              </caption>
              <thead>
                <tr>
                  {columns.map((name) => (
                    <th key={name} scope="col" className={name === 'directMembers' || name === 'tiers' ? 'cs-amount' : undefined}>
                      {column(name)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.list.length === 0 ? (
                  <tr>
                    <td colSpan={columns.length} className="cs-muted">
                      {searched ? t('agents.none', { q: searched }) : t('agents.empty')}
                    </td>
                  </tr>
                ) : (
                  page.list.map((agent) => (
                    <tr
                      key={agent.id}
                      data-agent={agent.id}
                      className={agent.id === selected ? 'cs-clickable is-selected' : 'cs-clickable'}
                      aria-current={agent.id === selected ? 'true' : undefined}
                      onClick={() => onSelect(agent.id)}
                    >
                      <td data-label={column('username')}>
                        <Link to={linkTo(agent.id)} className="cs-username" onClick={(event) => event.stopPropagation()}>
                          {agent.username}
                        </Link>
                      </td>
                      <td data-label={column('nickname')}>{agent.nickname || '—'}</td>
                      <td data-label={column('upline')}>
                        {agent.upline ?? <span className="cs-muted">{t('agents.merchant')}</span>}
                      </td>
                      <td data-label={column('directMembers')} className="cs-amount">
                        {agent.directMembers}
                      </td>
                      <td data-label={column('bestRate')} className="cs-amount">
                        {agent.contract ? (
                          t('agents.rate', { rate: percent(bestRate(agent.contract.tiers)) })
                        ) : (
                          <span className="cs-muted">{t('agents.noContract')}</span>
                        )}
                        {agent.contract?.status === 'TERMINATION_REQUESTED' && (
                          <span className="cs-badge cs-agents-state is-ending">
                            {t('agents.contractStatus.TERMINATION_REQUESTED')}
                          </span>
                        )}
                      </td>
                      <td data-label={column('tiers')} className="cs-amount">
                        {agent.contract ? agent.contract.tiers.length : '—'}
                      </td>
                      <td data-label={column('status')}>
                        <MemberStatus status={agent.status} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {pages > 1 && <Pager pageNo={pageNum} pages={pages} onPage={onPage} />}
        </>
      )}
    </div>
  );
}
