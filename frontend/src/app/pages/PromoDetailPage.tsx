import { PageShell } from './PageShell';

export default function PromoDetailPage() {
  return <PageShell titleKey="pages.promoDetail.title" />;
}
