import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import type { LoyaltyReward } from '../api';
import { moment, useMoney } from '../format';

// The reward centre's part for what loyalty paid (a VIP bonus, cashback, an invite's reward, points): paid
// at once, so there is nothing to claim; a reward with wagering says the turnover it asks.
export function LoyaltyRewardList({ rewards }: { rewards: LoyaltyReward[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (rewards.length === 0) return null;
  return (
    <Section title={t('promotions.loyalty.title')}>
      <ul className="reward-list" data-testid="loyalty-reward-list">
        {rewards.map((reward) => (
          <li key={reward.id} className="reward-row" data-testid="loyalty-reward-row" data-kind={reward.kind}>
            <div className="reward-main">
              <span className="reward-title">{t(`promotions.loyalty.kinds.${reward.kind}`)}</span>
              {reward.wagerMultiple > 0 && (
                <span className="reward-kind muted">{t('promotions.loyalty.wagering', { times: reward.wagerMultiple })}</span>
              )}
            </div>
            <div className="reward-figures">
              <strong className="reward-amount">{money(reward.amount)}</strong>
            </div>
            {reward.paidAt != null && (
              <dl className="reward-dates">
                <div>
                  <dt>{t('promotions.rewards.paidAt')}</dt>
                  <dd>{moment(reward.paidAt)}</dd>
                </div>
              </dl>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
