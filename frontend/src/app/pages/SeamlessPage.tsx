import { PageShell } from './PageShell';

export default function SeamlessPage() {
  return <PageShell titleKey="pages.seamless.title" />;
}
