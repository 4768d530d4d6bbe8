import { GameLobby } from '../../features/games/components/GameLobby';

const CATEGORIES = ['SPORTS'] as const;

export default function SportsPage() {
  return <GameLobby path="/sports" categories={CATEGORIES} titleKey="categories.SPORTS" />;
}
