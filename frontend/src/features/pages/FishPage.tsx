import { PageShell } from './PageShell';

export default function FishPage() {
  return <PageShell titleKey="categories.FISH" introKey="pages.category.intro" />;
}
