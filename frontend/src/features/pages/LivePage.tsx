import { PageShell } from './PageShell';

export default function LivePage() {
  return <PageShell titleKey="categories.LIVE" introKey="pages.category.intro" />;
}
