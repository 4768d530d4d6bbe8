import { PageShell } from './PageShell';

export default function EsportsPage() {
  return <PageShell titleKey="categories.ESPORTS" introKey="pages.category.intro" />;
}
