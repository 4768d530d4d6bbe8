import { useTranslation } from '../../../i18n/react';
import type { Tier } from '../api';
import { bpsPercent } from '../figures';
import { Money } from './common';
import '../reports.css';

// A contract's terms: one row per tier, as the server keeps them (lowest threshold first).
export function TiersTable({ tiers }: { tiers: readonly Tier[] }) {
  const { t } = useTranslation();
  return (
    <div className="ac-scroll">
      <table className="mc-table ac-report ac-tiers" data-testid="agent-tiers">
        <thead>
          <tr>
            <th scope="col">{t('agentCentre.contracts.minValidBet')}</th>
            <th scope="col">{t('agentCentre.contracts.minActiveMembers')}</th>
            <th scope="col">{t('agentCentre.contracts.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={`${tier.minValidBet}/${tier.minActiveMembers}`}>
              <td><Money amount={tier.minValidBet} /></td>
              <td>{tier.minActiveMembers}</td>
              <td>{t('agentCentre.contracts.percent', { rate: bpsPercent(tier.rateBps) })}</td>
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
