import { useTranslation } from '../../../i18n/react';
import type { PromotionCard } from '../api';

// The state of a promotion for its reader (SPEC §4), as a label.
export function StatusLabel({ status }: { status: PromotionCard['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`promo-status promo-status-${status.toLowerCase()}`} data-testid="promo-status">
      {t(`promotions.status.${status}`)}
    </span>
  );
}

// The card's button, following its action; no action: the status as a label instead. A member who joined a
// deposit bonus sees both: Joined, and the way to the deposit that pays it.
export function PromotionButton({ card, busy, onAction }: { card: PromotionCard; busy: boolean; onAction: () => void }) {
  const { t } = useTranslation();
  if (card.action === null) return <StatusLabel status={card.status} />;
  return (
    <span className="promo-button-row">
      {card.status === 'JOINED' && <StatusLabel status={card.status} />}
      <button type="button" className="button promo-button" data-action={card.action} disabled={busy} aria-busy={busy || undefined}
        onClick={onAction}>
        {t(`promotions.actions.${card.action}`)}
      </button>
    </span>
  );
}
