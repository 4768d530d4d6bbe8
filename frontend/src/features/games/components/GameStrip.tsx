import type { Game } from '../api';
import { GameCard } from './GameCard';

// A titled row of games (hot, favourites, recent); nothing at all when the list is empty.
export function GameStrip({ title, games, testId, onPlay }: {
  title: string;
  games: Game[] | null;
  testId: string;
  onPlay: (game: Game) => void;
}) {
  if (!games || games.length === 0) return null;
  return (
    <section className="game-strip" data-testid={testId} aria-label={title}>
      <h2 className="strip-title">{title}</h2>
      <ul className="strip-list">
        {games.map((game) => (
          <GameCard key={game.gameId} game={game} onPlay={onPlay} />
        ))}
      </ul>
    </section>
  );
}
