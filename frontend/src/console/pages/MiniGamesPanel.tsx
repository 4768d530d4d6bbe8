// Promotions, tab "Mini-games": the red-envelope rains (with their sessions, watched live) and the prize
// games (lucky wheel, golden egg). promotions.write changes them; a reader sees the same, read-only.
import { GamesSection } from './MiniGamesPrizes';
import { RainsSection } from './MiniGamesRains';

export function MiniGamesPanel({ write }: { write: boolean }) {
  return (
    <div className="cs-content-stack" data-testid="minigames">
      <RainsSection write={write} />
      <GamesSection write={write} />
    </div>
  );
}
