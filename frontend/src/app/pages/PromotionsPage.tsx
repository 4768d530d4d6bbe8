import { PromotionList } from '../../features/promotions/pages/PromotionList';
import { PageShell } from './PageShell';

// /promotions (SPEC §2.1): the promotions under their category tabs, for visitors too.
export default function PromotionsPage() {
  return (
    <PageShell titleKey="promotions.title" introKey="promotions.intro">
      <PromotionList />
    </PageShell>
  );
}
