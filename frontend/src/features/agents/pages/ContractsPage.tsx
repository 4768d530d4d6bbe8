import { useCallback, useEffect, useState } from 'react';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { isoDay } from '../../../lib/dates';
import { agentApi, type Contract, type ContractAction, type Contracts, type EndingContract } from '../api';
import { Loading } from '../components/common';
import { ContractStatus, EndingContracts, TiersTable } from '../components/contractParts';
import { OfferContractForm } from '../components/OfferContractForm';

type Side = 'mine' | 'offered';
// Ending or withdrawing is not undone: the upline offers again and the downline must accept again.
const CONFIRMED: readonly ContractAction[] = ['terminate'];

// An acceptance the server asks to confirm: the offer, and the contracts below the agent it would end.
interface Confirming {
  id: number;
  ending: EndingContract[];
}

interface Props {
  contract: Contract;
  side: Side;
  busy: boolean;
  onAction: (contract: Contract, action: ContractAction, confirm?: boolean) => void;
  ending: Confirming | null;
  onCancelEnding: () => void;
}

function ContractCard({ contract, side, busy, onAction, ending, onCancelEnding }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const waitingForMe = side === 'offered' && contract.status === 'TERMINATION_REQUESTED';
  const party = side === 'mine' ? contract.upline ?? t('agentCentre.contracts.merchant') : contract.downline;
  const act = (action: ContractAction) => () => {
    if (CONFIRMED.includes(action) && !confirming) setConfirming(true);
    else onAction(contract, action);
  };
  const button = (action: ContractAction, label: string, style = 'button button-small') => (
    <button type="button" className={style} disabled={busy} onClick={act(action)}>{t(label)}</button>
  );
  const endLabel = contract.status === 'OFFERED' ? 'agentCentre.contracts.withdraw' : 'agentCentre.contracts.end';
  return (
    <article className={waitingForMe ? 'ac-contract attention' : 'ac-contract'} data-testid="agent-contract"
      data-contract={contract.id} aria-label={t('agentCentre.contracts.contractN', { id: contract.id })}>
      <header className="ac-contract-head">
        <strong>{t(side === 'mine' ? 'agentCentre.contracts.from' : 'agentCentre.contracts.to', { party })}</strong>
        <ContractStatus status={contract.status} />
      </header>
      <p className="muted">
        {t(`agentCentre.contracts.kinds.${contract.kind}`, { defaultValue: contract.kind })}
        {contract.cycle && ` · ${t(`agentCentre.contracts.cycles.${contract.cycle}`, { defaultValue: contract.cycle })}`} · #{contract.id} · {
          t('agentCentre.contracts.since', { day: isoDay(new Date(contract.acceptedAt ?? contract.createdAt)) })}
      </p>
      <TiersTable tiers={contract.tiers} />
      {waitingForMe && <p className="notice" role="status">{t('agentCentre.contracts.waitingForYou', { party })}</p>}
      {side === 'mine' && contract.status === 'TERMINATION_REQUESTED' && (
        <p className="muted">{t('agentCentre.contracts.waitingForUpline', { party })}</p>
      )}
      {ending?.id === contract.id ? (
        <EndingContracts contracts={ending.ending} busy={busy} onConfirm={() => onAction(contract, 'accept', true)}
          onCancel={onCancelEnding} />
      ) : confirming ? (
        <div className="form-actions ac-confirm" role="group" aria-label={t('agentCentre.contracts.confirmTitle')}>
          <p>{t(contract.status === 'OFFERED' ? 'agentCentre.contracts.confirmWithdraw' : 'agentCentre.contracts.confirmEnd', { party })}</p>
          {button('terminate', 'common.confirm', 'button button-small button-danger')}
          <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : (
        <div className="form-actions">
          {side === 'mine' && contract.status === 'OFFERED' && (
            <>
              {button('accept', 'agentCentre.contracts.accept')}
              {button('reject', 'agentCentre.contracts.reject', 'button button-ghost button-small')}
            </>
          )}
          {side === 'mine' && contract.status === 'ACTIVE' && button('termination-request', 'agentCentre.contracts.askToEnd', 'button button-ghost button-small')}
          {side === 'offered' && ['OFFERED', 'ACTIVE', 'TERMINATION_REQUESTED'].includes(contract.status) && button('terminate', endLabel)}
        </div>
      )}
    </article>
  );
}

function ContractList({ contracts, side, ...rest }: { contracts: Contract[]; side: Side } & Omit<Props, 'contract' | 'side'>) {
  const { t } = useTranslation();
  if (contracts.length === 0) return <p className="empty-state">{t(`agentCentre.contracts.none.${side}`)}</p>;
  return <div className="ac-contracts">{contracts.map((c) => <ContractCard key={c.id} contract={c} side={side} {...rest} />)}</div>;
}

// The contracts AGENT_CONTRACT_CONFIRM names (null: another answer).
function endingOf(problem: unknown): EndingContract[] | null {
  if (!(problem instanceof ApiError) || problem.code !== 'AGENT_CONTRACT_CONFIRM') return null;
  const listed = (problem.value as { contracts?: EndingContract[] } | null)?.contracts;
  return Array.isArray(listed) ? listed : [];
}

// agentContracts: the contracts (daily and hourly salaries, dividends) offered to the agent (its upline's, or the merchant's)
// and those it offered to its own sub-agents, with what each side may do next, and the form to offer one.
// Accepting a lower rate than contracts below pay is confirmed first, with those contracts listed.
export function ContractsPage() {
  const { t } = useTranslation();
  const [contracts, setContracts] = useState<Contracts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState<Confirming | null>(null);
  const load = useCallback(() => {
    // A refused move's error stays up while the list is read again.
    agentApi.contracts().then(setContracts, (problem: unknown) => setError(errorText(t, problem)));
  }, [t]);
  useEffect(load, [load]);
  // After any move the whole list is read again: accepting an offer also ends the contract it replaces.
  const onAction = async (contract: Contract, action: ContractAction, confirm = false) => {
    setBusy(true);
    setError(null);
    setEnding(null);
    let changed = true;
    try {
      if (action === 'accept') await agentApi.acceptContract(contract.id, confirm);
      else await agentApi.contractAction(contract.id, action);
    } catch (problem) {
      const listed = confirm ? null : endingOf(problem);
      // Nothing changed yet: the card asks, and the list stays as it is.
      if (listed) setEnding({ id: contract.id, ending: listed });
      else setError(errorText(t, problem));
      changed = listed === null;
    } finally {
      setBusy(false);
      if (changed) load();
    }
  };
  const shared = {
    busy,
    ending,
    onAction: (c: Contract, a: ContractAction, confirm?: boolean) => void onAction(c, a, confirm),
    onCancelEnding: () => setEnding(null),
  };
  return (
    <div className="ac-page" data-testid="agent-contracts">
      <p className="form-hint">{t('agentCentre.contracts.explain')}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!contracts && !error && <Loading />}
      {contracts && (
        <>
          <Section title={t('agentCentre.contracts.mine')}>
            <ContractList contracts={contracts.mine} side="mine" {...shared} />
          </Section>
          <Section title={t('agentCentre.contracts.offered')}>
            <ContractList contracts={contracts.offered} side="offered" {...shared} />
          </Section>
        </>
      )}
      <Section title={t('agentCentre.offer.title')}>
        <OfferContractForm onOffered={load} mine={contracts?.mine ?? null} />
      </Section>
    </div>
  );
}
