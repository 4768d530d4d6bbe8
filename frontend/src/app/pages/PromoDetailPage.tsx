import { PromotionDetail } from '../../features/promotions/pages/PromotionDetail';

// /promoDetail?id=N (SPEC §2.1): one promotion, its terms, rules and button. Its title is the page's heading.
export default function PromoDetailPage() {
  return (
    <section className="page container">
      <PromotionDetail />
    </section>
  );
}
