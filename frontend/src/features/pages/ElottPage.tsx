import { PageShell } from './PageShell';

export default function ElottPage() {
  return <PageShell titleKey="categories.ELOTT" introKey="pages.category.intro" />;
}
