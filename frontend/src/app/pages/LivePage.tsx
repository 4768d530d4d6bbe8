import { GameLobby } from '../../features/games/components/GameLobby';

const CATEGORIES = ['LIVE'] as const;

export default function LivePage() {
  return <GameLobby path="/live" categories={CATEGORIES} titleKey="categories.LIVE" />;
}
