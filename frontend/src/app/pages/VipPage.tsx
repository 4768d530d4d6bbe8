import { VipLevelsPage } from '../../features/loyalty/pages/VipLevelsPage';
import { PageShell } from './PageShell';

// /vip (SPEC §2.1, route group Vip): every VIP level with its emblem, thresholds and perks, for visitors too.
export default function VipPage() {
  return (
    <PageShell titleKey="loyalty.vip.title" introKey="loyalty.vip.intro">
      <VipLevelsPage />
    </PageShell>
  );
}
