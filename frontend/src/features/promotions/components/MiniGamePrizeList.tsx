import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import type { MiniGamePrize } from '../api';
import { moment, useMoney } from '../format';

// The reward centre's part for what the mini-games gave (issue 33): a rain's envelope, a wheel's or an egg's
// prize, paid when won, so there is nothing to claim; money with wagering says the turnover it asks.
export function MiniGamePrizeList({ prizes }: { prizes: MiniGamePrize[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (prizes.length === 0) return null;
  const what = (prize: MiniGamePrize) => {
    if (prize.kind === 'POINTS') return t('miniGames.prize.points', { n: prize.value ?? 0 });
    if (prize.kind === 'TICKETS') return t('miniGames.prize.tickets', { n: prize.value ?? 0 });
    return money(prize.amount ?? '0.00');
  };
  return (
    <Section title={t('miniGames.rewards.title')}>
      <ul className="reward-list" data-testid="minigame-prize-list">
        {prizes.map((prize) => (
          <li key={`${prize.game}:${prize.id}`} className="reward-row" data-testid="minigame-prize-row" data-game={prize.game}>
            <div className="reward-main">
              <span className="reward-title">{t(`miniGames.rewards.games.${prize.game}`)}</span>
              {prize.kind === 'MONEY' && prize.wagerMultiple > 0 && (
                <span className="reward-kind muted">{t('promotions.loyalty.wagering', { times: prize.wagerMultiple })}</span>
              )}
            </div>
            <div className="reward-figures">
              <strong className="reward-amount">{what(prize)}</strong>
            </div>
            <dl className="reward-dates">
              <div>
                <dt>{t('miniGames.rewards.wonAt')}</dt>
                <dd>{moment(prize.wonAt)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}
