import { useTranslation } from '../../../i18n/react';
import type { EndingContract, Tier } from '../api';
import { bpsPercent } from '../figures';
import { Money } from './common';
import '../reports.css';

// A contract's terms: one row per tier, as the server keeps them (lowest threshold first).
export function TiersTable({ tiers }: { tiers: readonly Tier[] }) {
  const { t } = useTranslation();
  // A real-time salary's rates on members' losses and wins, when it has them.
  const extra = tiers.some((tier) => tier.lossRateBps || tier.profitRateBps);
  const percent = (bps: number) => t('agentCentre.contracts.percent', { rate: bpsPercent(bps) });
  return (
    <div className="ac-scroll">
      <table className="mc-table ac-report ac-tiers" data-testid="agent-tiers">
        <thead>
          <tr>
            <th scope="col">{t('agentCentre.contracts.minValidBet')}</th>
            <th scope="col">{t('agentCentre.contracts.minActiveMembers')}</th>
            <th scope="col">{t('agentCentre.contracts.rate')}</th>
            {extra && <th scope="col">{t('agentCentre.offer.lossRateBps')}</th>}
            {extra && <th scope="col">{t('agentCentre.offer.profitRateBps')}</th>}
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={`${tier.minValidBet}/${tier.minActiveMembers}`}>
              <td><Money amount={tier.minValidBet} /></td>
              <td>{tier.minActiveMembers}</td>
              <td>{percent(tier.rateBps)}</td>
              {extra && <td>{percent(tier.lossRateBps)}</td>}
              {extra && <td>{percent(tier.profitRateBps)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ContractStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status ac-contract-${status.toLowerCase()}`}>
      {t(`agentCentre.contracts.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

// What accepting a lower rate would end (AGENT_CONTRACT_CONFIRM): the contracts below the agent, at any level,
// that pay more than the offer, each with its agent, state and best rate; accepted only once confirmed.
export function EndingContracts({ contracts, busy, onConfirm, onCancel }: {
  contracts: readonly EndingContract[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('agentCentre.contracts.ending.title')} data-testid="agent-ending">
      <p className="notice" role="status">{t('agentCentre.contracts.ending.intro')}</p>
      <div className="ac-scroll">
        <table className="mc-table ac-report" data-testid="agent-ending-list">
          <thead>
            <tr>
              <th scope="col">{t('agentCentre.contracts.ending.agent')}</th>
              <th scope="col">{t('agentCentre.contracts.ending.status')}</th>
              <th scope="col">{t('agentCentre.contracts.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {contracts.map((c) => (
              <tr key={c.id}>
                <td>{c.downline}</td>
                <td><ContractStatus status={c.status} /></td>
                <td>{t('agentCentre.contracts.percent', { rate: bpsPercent(c.rateBps) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions ac-confirm">
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={onConfirm}>
          {t('common.confirm')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </div>
  );
}
