import { PageShell } from './PageShell';

export default function NotFoundPage() {
  return <PageShell titleKey="errors.notFound" />;
}
