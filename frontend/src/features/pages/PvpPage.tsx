import { PageShell } from './PageShell';

export default function PvpPage() {
  return <PageShell titleKey="categories.PVP" introKey="pages.category.intro" />;
}
