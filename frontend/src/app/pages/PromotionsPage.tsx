import { PageShell } from './PageShell';

export default function PromotionsPage() {
  return <PageShell titleKey="pages.promotions.title" introKey="pages.promotions.intro" />;
}
