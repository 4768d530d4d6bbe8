import { PageShell } from './PageShell';

export default function LotteryPage() {
  return <PageShell titleKey="pages.lottery.title" introKey="pages.lottery.intro" />;
}
