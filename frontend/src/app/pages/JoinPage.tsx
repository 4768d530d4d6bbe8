import { JoinForm } from '../../features/content/components/JoinForm';
import { PageShell } from './PageShell';

export default function JoinPage() {
  return (
    <PageShell titleKey="join.title" introKey="join.intro">
      <JoinForm />
    </PageShell>
  );
}
