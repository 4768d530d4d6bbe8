import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { detailPath, type PromotionCard } from '../api';
import { periodText } from '../format';
import type { Outcome } from '../usePromotionAction';
import { PromotionArt } from './PromotionArt';
import { PromotionButton } from './PromotionButton';

// One promotion of the list: its picture and title lead to its page; its button acts on it here.
export function PromotionTile({ card, busy, outcome, onAction }: {
  card: PromotionCard;
  busy: boolean;
  outcome: Outcome | null;
  onAction: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="promo-card" data-testid="promo-card" data-id={card.id}>
      <Link to={detailPath(card.id)} className="promo-card-media" tabIndex={-1} aria-hidden="true">
        <PromotionArt card={card} />
      </Link>
      <div className="promo-card-body">
        <span className="promo-chip">{t(`promotions.categories.${card.category}`, { defaultValue: t('promotions.categories.OTHER') })}</span>
        <h2 className="promo-card-title">
          <Link to={detailPath(card.id)}>{card.title}</Link>
        </h2>
        <p className="promo-period">
          {periodText(t, card)}
          {card.period && <span className="promo-chip promo-chip-quiet">{t(`promotions.periods.${card.period}`, { defaultValue: card.period })}</span>}
        </p>
        <div className="promo-card-foot">
          <PromotionButton card={card} busy={busy} onAction={onAction} />
          <Link to={detailPath(card.id)} className="promo-more">{t('promotions.details')}</Link>
        </div>
        {outcome && (
          <p className={outcome.ok ? 'promo-outcome' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
      </div>
    </li>
  );
}
