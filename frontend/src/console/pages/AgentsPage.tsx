// The merchant's agents (agents.read): the first-level agents' dividends to approve, a searchable, paged list
// and, below it, the agent picked, with its upline chain, members, contracts and settlements. agents.manage
// offers and ends the merchant's own contracts with first-level agents and approves their dividends. The search, page and agent picked stay in the address (?q=, ?page=,
// ?agent=), so that a reload or the back button shows the same.
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { AgentDetail } from '../components/agents/AgentDetail';
import { AgentList } from '../components/agents/AgentList';
import { Dividends } from '../components/agents/Dividends';
import { AGENTS_MANAGE, can, MEMBERS_READ } from '../permissions';
import { meAtom } from '../store';
import '../styles/content.css';
import '../styles/agents.css';

const positive = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null);

export function AgentsPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const mayManage = can(me?.permissions, AGENTS_MANAGE);
  const [params, setParams] = useSearchParams();
  const searched = (params.get('q') ?? '').trim();
  const pageNum = positive(params.get('page')) ?? 1;
  const selected = positive(params.get('agent'));
  // Bumped after a change to a contract: the list's contract column is read again.
  const [refresh, setRefresh] = useState(0);
  // Bumped after a dividend's approval: the agent shown has its settlements read again.
  const [paid, setPaid] = useState(0);

  const addressOf = useCallback(
    (changes: { q?: string; page?: number; agent?: number | null }) => {
      const next = new URLSearchParams();
      const q = changes.q ?? searched;
      const page = changes.page ?? pageNum;
      const agent = changes.agent === undefined ? selected : changes.agent;
      if (q) next.set('q', q);
      if (page > 1) next.set('page', String(page));
      if (agent !== null) next.set('agent', String(agent));
      return next;
    },
    [searched, pageNum, selected],
  );

  const onChanged = useCallback(() => setRefresh((n) => n + 1), []);
  const onPaid = useCallback(() => setPaid((n) => n + 1), []);

  return (
    <section className="cs-page cs-agents-page" aria-labelledby="cs-agents-title">
      <h1 id="cs-agents-title">{t('agents.title')}</h1>
      <p className="cs-lead">{t('agents.intro')}</p>
      {!mayManage && <p className="cs-muted">{t('agents.readOnly')}</p>}
      <Dividends mayManage={mayManage} onPaid={onPaid} />
      <AgentList
        searched={searched}
        pageNum={pageNum}
        selected={selected}
        linkTo={(id) => `?${addressOf({ agent: id }).toString()}`}
        onSearch={(q) => setParams(addressOf({ q, page: 1, agent: null }))}
        onPage={(page) => setParams(addressOf({ page }))}
        onSelect={(id) => setParams(addressOf({ agent: id }))}
        refresh={refresh}
      />
      {selected !== null && (
        <AgentDetail
          key={selected}
          agentId={selected}
          mayManage={mayManage}
          linkMembers={can(me?.permissions, MEMBERS_READ)}
          onChanged={onChanged}
          refresh={paid}
        />
      )}
    </section>
  );
}
