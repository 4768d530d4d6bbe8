import { PageShell } from './PageShell';

export default function SlotsPage() {
  return <PageShell titleKey="categories.RNG" introKey="pages.category.intro" />;
}
