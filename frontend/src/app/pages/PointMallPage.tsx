import { PointMall } from '../../features/loyalty/pages/PointMallPage';
import { PageShell } from './PageShell';

// /pointMall (SPEC §2.1, route group pointMall; header and footer, no side bar): the member's points and the
// rewards they buy.
export default function PointMallPage() {
  return (
    <PageShell titleKey="loyalty.mall.title" introKey="loyalty.mall.intro">
      <PointMall />
    </PageShell>
  );
}
