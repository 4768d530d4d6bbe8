import { SvgIcon } from '../../../components/Icon';
import type { PromotionCard } from '../api';

// A gift, and a calendar for a check-in: the picture of a promotion that has none of its own.
const GIFT = 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3.5-6-4-6-1.2C6 7 12 7 12 7Zm0 0c1.5-3.5 6-4 6-1.2C18 7 12 7 12 7Z';
const CALENDAR = 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8.5 15l2 2 4-4';

// The promotion's picture, or a placeholder in the colours of its category.
export function PromotionArt({ card, eager = false }: { card: Pick<PromotionCard, 'imageUrl' | 'category' | 'kind'>; eager?: boolean }) {
  if (card.imageUrl) {
    return (
      <img className="promo-art" src={card.imageUrl} alt="" width={600} height={300}
        loading={eager ? 'eager' : 'lazy'} decoding="async" />
    );
  }
  return (
    <div className={`promo-art promo-placeholder promo-cat-${card.category.toLowerCase()}`} data-testid="promo-placeholder">
      <SvgIcon path={card.kind === 'CHECKIN' ? CALENDAR : GIFT} size={44} />
    </div>
  );
}
