import { GameLobby } from '../../features/games/components/GameLobby';

const CATEGORIES = ['ESPORTS'] as const;

export default function EsportsPage() {
  return <GameLobby path="/esports" categories={CATEGORIES} titleKey="categories.ESPORTS" />;
}
