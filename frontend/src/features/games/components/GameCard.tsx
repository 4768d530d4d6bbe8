import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { alertAtom } from '../../../state/alert';
import { errorText } from '../../../components/errorText';
import { languageAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import type { Game } from '../api';
import { localizedThumbnail } from '../art';
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

// The house draws its thumbnails at this size (server/house/art/thumbnails.py), 4:3 like the card.
const THUMB_WIDTH = 320;
const THUMB_HEIGHT = 240;

// A game in a grid or a strip: picture, name, vendor, hot badge, the heart; a click launches it (SPEC §4).
// The picture is the one drawn in the portal's language, and its alt text is the game's (localised) name.
// onPlay comes from the lobby's one useLaunchGame, so cards do not each follow the location.
export function GameCard({ game, onPlay }: { game: Game; onPlay: (game: Game) => void }) {
  const { t } = useTranslation();
  const vendorName = useAtomValue(vendorNamesAtom).get(game.vassalage) ?? game.vassalage;
  const language = useAtomValue(languageAtom);
  return (
    <li className="game-card" data-testid={`game-card-${game.gameId}`} data-game-name={game.name}>
      <button
        type="button"
        className="game-card-play"
        // The name holds the badge's visible word too (WCAG 2.5.3: what is read out contains what is shown).
        aria-label={[t('games.play', { name: game.name }), game.isHot && t('games.hot')].filter(Boolean).join(', ')}
        onClick={() => onPlay(game)}
      >
        <LazyImage src={localizedThumbnail(game.thumbnail, language)} alt={game.name} className="game-thumb"
          width={THUMB_WIDTH} height={THUMB_HEIGHT} />
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
