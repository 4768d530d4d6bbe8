import { PageShell } from './PageShell';

export default function VipPage() {
  return <PageShell titleKey="pages.vip.title" introKey="pages.vip.intro" />;
}
