import { GameLobby } from '../../features/games/components/GameLobby';

// SPEC §2.2: both lottery kinds lead to /elott.
const CATEGORIES = ['ELOTT', 'LOTT'] as const;

export default function ElottPage() {
  return <GameLobby path="/elott" categories={CATEGORIES} titleKey="categories.ELOTT" />;
}
