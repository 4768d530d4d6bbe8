import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { alertAtom } from '../../../state/alert';
import { errorText } from '../../../components/errorText';
import { store } from '../../../state/store';
import type { Game } from '../api';
import { favouriteIdsAtom, vendorNamesAtom } from '../atoms';
import { toggleFavourite } from '../favourites';
import { LazyImage } from './LazyImage';

const HEART = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z';

export function FavouriteButton({ game }: { game: Game }) {
  const { t } = useTranslation();
  const ids = useAtomValue(favouriteIdsAtom);
  const on = ids ? ids.has(game.gameId) : game.isFavourite;
  const toggle = () =>
    toggleFavourite(game).catch((error: unknown) => store.set(alertAtom, { message: errorText(t, error) }));
  return (
    <button
      type="button"
      className={on ? 'fav-toggle on' : 'fav-toggle'}
      data-testid={`fav-${game.gameId}`}
      aria-pressed={on}
      aria-label={t(on ? 'games.unfavourite' : 'games.favourite', { name: game.name })}
      onClick={() => void toggle()}
    >
      <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true">
        <path d={HEART} fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.8} />
      </svg>
    </button>
  );
}

// A game in a grid or a strip: picture, name, vendor, hot badge, the heart; a click launches it (SPEC §4).
// onPlay comes from the lobby's one useLaunchGame, so cards do not each follow the location.
export function GameCard({ game, onPlay }: { game: Game; onPlay: (game: Game) => void }) {
  const { t } = useTranslation();
  const vendorName = useAtomValue(vendorNamesAtom).get(game.vassalage) ?? game.vassalage;
  return (
    <li className="game-card" data-testid={`game-card-${game.gameId}`} data-game-name={game.name}>
      <button
        type="button"
        className="game-card-play"
        aria-label={t('games.play', { name: game.name })}
        onClick={() => onPlay(game)}
      >
        <LazyImage src={game.thumbnail} alt="" className="game-thumb" />
        {game.isHot && <span className="badge-hot">{t('games.hot')}</span>}
      </button>
      <div className="game-card-meta">
        <span className="game-name" title={game.name}>
          {game.name}
        </span>
        <span className="game-vendor">{vendorName}</span>
      </div>
      <FavouriteButton game={game} />
    </li>
  );
}
