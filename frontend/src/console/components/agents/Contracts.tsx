// An agent's contracts: those offered to it (by the merchant or its upline) and those it offered to its own
// agents, newest first, each with its kind (a dividend's with its cycle) and tiers (a real-time salary's with its
// rates on members' losses and wins). With agents.manage the merchant's own (upline null) that are not over can
// be ended here, asked twice; the detail is then read again.
import { useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { type Contract, terminateContract, type Tier } from '../../agentsApi';
import { ConfirmAction, useChangeRunner } from '../ChangeRunner';
import { Problem } from '../Problem';
import { agentsProblem, isRealtime, isStale, kindText, mayTerminate, percent, toIso } from './rules';

export function TierList({ tiers, kind }: { tiers: readonly Tier[]; kind: string }) {
  const { t } = useTranslation();
  const rate = (bps: number) => t('agents.rate', { rate: percent(bps) });
  const realtime = isRealtime({ kind });
  return (
    <ol className="cs-agents-tiers">
      {tiers.map((tier, n) => (
        <li key={n}>
          {realtime
            ? t('agents.realtimeTierLine', {
                bet: tier.minValidBet,
                members: String(tier.minActiveMembers),
                rate: rate(tier.rateBps),
                loss: rate(tier.lossRateBps),
                win: rate(tier.profitRateBps),
              })
            : t('agents.tierLine', { bet: tier.minValidBet, members: String(tier.minActiveMembers), rate: rate(tier.rateBps) })}
        </li>
      ))}
    </ol>
  );
}

const when = (millis: number | null) => (millis === null ? '—' : dateTime(toIso(millis)));

export function Contracts({
  contracts,
  mayManage,
  reload,
}: {
  contracts: readonly Contract[];
  mayManage: boolean;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { busy, problem, run } = useChangeRunner(reload, agentsProblem, isStale);
  const [ended, setEnded] = useState<string | null>(null);
  const actions = mayManage && contracts.some(mayTerminate);
  const column = (name: string) => t(`agents.contractColumns.${name}`);

  const terminate = async (contract: Contract) => {
    setEnded(null);
    if (await run(() => terminateContract(contract.id))) {
      setEnded(t('agents.terminated', { id: String(contract.id), username: contract.downline }));
    }
  };

  return (
    <section className="cs-panel" aria-labelledby="cs-agent-contracts">
      <h2 id="cs-agent-contracts">{t('agents.contracts')}</h2>
      {ended && (
        <p className="cs-success" role="status">
          {ended}
        </p>
      )}
      <Problem>{problem}</Problem>
      {contracts.length === 0 ? (
        <p className="cs-muted">{t('agents.noContracts')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-agents-contracts" aria-labelledby="cs-agent-contracts">
            <thead>
              <tr>
                <th scope="col">{column('id')}</th>
                <th scope="col">{column('kind')}</th>
                <th scope="col">{column('status')}</th>
                <th scope="col">{column('offeredBy')}</th>
                <th scope="col">{column('agent')}</th>
                <th scope="col">{column('tiers')}</th>
                <th scope="col">{column('offered')}</th>
                <th scope="col">{column('accepted')}</th>
                <th scope="col">{column('ended')}</th>
                {actions && <th scope="col">{column('actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {contracts.map((contract) => (
                <tr key={contract.id} data-contract={contract.id}>
                  <td data-label={column('id')}>{contract.id}</td>
                  <td data-label={column('kind')}>{kindText(t, contract)}</td>
                  <td data-label={column('status')}>
                    <span className={`cs-badge cs-agents-state is-${contract.status.toLowerCase()}`}>
                      {t(`agents.contractStatus.${contract.status}`, { defaultValue: contract.status })}
                    </span>
                  </td>
                  <td data-label={column('offeredBy')}>{contract.upline ?? t('agents.merchant')}</td>
                  <td data-label={column('agent')}>{contract.downline}</td>
                  <td data-label={column('tiers')}>
                    <TierList tiers={contract.tiers} kind={contract.kind} />
                  </td>
                  <td data-label={column('offered')} className="cs-time">
                    {when(contract.createdAt)}
                  </td>
                  <td data-label={column('accepted')} className="cs-time">
                    {when(contract.acceptedAt)}
                  </td>
                  <td data-label={column('ended')} className="cs-time">
                    {when(contract.endedAt)}
                  </td>
                  {actions && (
                    <td data-label={column('actions')}>
                      {mayTerminate(contract) && (
                        <ConfirmAction
                          action={t('agents.terminate')}
                          label={t('agents.terminateLabel', { id: String(contract.id), username: contract.downline })}
                          question={t('agents.confirmTerminate', { id: String(contract.id), username: contract.downline })}
                          busy={busy}
                          onConfirm={() => void terminate(contract)}
                        />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
