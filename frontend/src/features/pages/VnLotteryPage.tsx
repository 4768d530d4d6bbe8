import { PageShell } from './PageShell';

export default function VnLotteryPage() {
  return <PageShell titleKey="pages.vnlottery.title" introKey="pages.vnlottery.intro" />;
}
