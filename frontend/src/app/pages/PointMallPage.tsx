import { PageShell } from './PageShell';

export default function PointMallPage() {
  return <PageShell titleKey="pages.pointMall.title" introKey="pages.pointMall.intro" />;
}
