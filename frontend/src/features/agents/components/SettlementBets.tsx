import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { agentApi, type SettlementBets as Explained } from '../api';
import { BetsTable } from '../pages/TeamBetsPage';
import { Loading, Money } from './common';

const PAGE_SIZE = 20;

// A settlement explained line by line: the team's rounds that settled in its period, page by page, and the
// figures they add up to (what the settlement's row shows), so that an amount can be checked bet by bet.
export function SettlementBets({ settlementId, onClose }: { settlementId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [found, setFound] = useState<Explained | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    agentApi.settlementBets(settlementId, pageNo, PAGE_SIZE).then(
      (read) => live && setFound(read),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [settlementId, pageNo, t]);
  const figures = found && ([
    ['validBet', found.validBet], ['netLoss', found.netLoss], ['lost', found.lost], ['won', found.won],
  ] as const);
  return (
    <section className="ac-explain" aria-label={t('agentCentre.explain.title', { id: settlementId })} data-testid="agent-settlement-bets">
      <header className="ac-contract-head">
        <strong>{t('agentCentre.explain.title', { id: settlementId })}</strong>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>{t('common.close')}</button>
      </header>
      <p className="form-hint">{t('agentCentre.explain.intro')}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!found && !error && <Loading />}
      {found && figures && (
        <>
          <dl className="ac-totals" data-testid="agent-settlement-figures">
            {figures.map(([name, amount]) => (
              <div key={name} className="ac-total">
                <dt>{t(`agentCentre.explain.${name}`)}</dt>
                <dd><Money amount={amount} signed={name === 'netLoss'} /></dd>
              </div>
            ))}
            <div className="ac-total">
              <dt>{t('agentCentre.income.activeMembers')}</dt>
              <dd>{found.activeMembers}</dd>
            </div>
          </dl>
          <BetsTable bets={found} onPage={setPageNo} settled />
        </>
      )}
    </section>
  );
}
