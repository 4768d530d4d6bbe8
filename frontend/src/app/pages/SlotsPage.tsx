import { GameLobby } from '../../features/games/components/GameLobby';

const CATEGORIES = ['RNG'] as const;

export default function SlotsPage() {
  return <GameLobby path="/rng" categories={CATEGORIES} titleKey="categories.RNG" />;
}
