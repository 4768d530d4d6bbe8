// The sheets' chunk: fetched the first time the member opens a game from the launcher.
import { useAtomValue } from 'jotai';

import { PrizeGameSheet } from './PrizeGameSheet';
import { RainSheet } from './RainSheet';
import type { Opened } from './shared';
import { miniGamesAtom } from './state';

export function GameSheet({ opened, onClose }: { opened: Opened; onClose: () => void }) {
  const list = useAtomValue(miniGamesAtom);
  if (opened.kind === 'rain') {
    const rain = list?.rains.find((r) => r.id === opened.id);
    return rain ? <RainSheet rain={rain} onClose={onClose} /> : null;
  }
  const game = list?.games.find((g) => g.id === opened.id);
  return game ? <PrizeGameSheet game={game} onClose={onClose} /> : null;
}
