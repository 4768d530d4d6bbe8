import { PageShell } from './PageShell';

export default function LoginPage() {
  return <PageShell titleKey="pages.login.title" introKey="pages.login.intro" />;
}
