import { PageShell } from './PageShell';

export default function NoticePage() {
  return <PageShell titleKey="pages.notice.title" introKey="pages.notice.intro" />;
}
