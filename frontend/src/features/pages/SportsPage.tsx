import { PageShell } from './PageShell';

export default function SportsPage() {
  return <PageShell titleKey="categories.SPORTS" introKey="pages.category.intro" />;
}
