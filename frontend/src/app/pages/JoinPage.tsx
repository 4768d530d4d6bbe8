import { PageShell } from './PageShell';

export default function JoinPage() {
  return <PageShell titleKey="pages.join.title" introKey="pages.join.intro" />;
}
