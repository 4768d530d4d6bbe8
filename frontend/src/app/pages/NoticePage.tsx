import { NoticeList } from '../../features/content/pages/NoticeList';
import { PageShell } from './PageShell';

export default function NoticePage() {
  return (
    <PageShell titleKey="notices.title" introKey="notices.intro">
      <NoticeList />
    </PageShell>
  );
}
