import { GameLobby } from '../../features/games/components/GameLobby';

const CATEGORIES = ['FISH'] as const;

export default function FishPage() {
  return <GameLobby path="/fish" categories={CATEGORIES} titleKey="categories.FISH" />;
}
