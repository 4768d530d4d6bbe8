import { PageShell } from './PageShell';

export default function GamePage() {
  return <PageShell titleKey="pages.game.title" introKey="pages.game.intro" />;
}
