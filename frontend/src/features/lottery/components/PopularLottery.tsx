import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { languageAtom } from '../../../state/atoms';
import { type GameMenuItem, lotteryApi } from '../api';
import { lotteryPath } from '../routing';
import '../popular.css';

import { intervalKey } from './GameMenu';

const SHOWN = 8;

// The home page's most played lottery games (SPEC §7 home, /lgw/games/popular), each with its last special
// number; a click opens the game on /lottery. Nothing is shown when the call fails or finds nothing.
export function PopularLottery() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const [games, setGames] = useState<GameMenuItem[] | null>(null);

  useEffect(() => {
    let live = true;
    lotteryApi
      .popular(language)
      .then((answer) => live && setGames(answer.list.slice(0, SHOWN)))
      .catch(() => live && setGames(null));
    return () => {
      live = false;
    };
  }, [language]);

  if (!games || games.length === 0) return null;
  return (
    <section className="lot-popular" data-testid="lottery-popular" aria-labelledby="lottery-popular-title">
      <h2 id="lottery-popular-title" className="section-title">{t('home.popularLottery')}</h2>
      <ul className="lot-popular-list">
        {games.map((game) => {
          const [key, values] = intervalKey(game);
          const special = game.lastOpened?.tiers[0]?.numbers[0];
          return (
            <li key={game.gameCode}>
              <Link to={lotteryPath({ gameCode: game.gameCode })} className="lot-popular-card"
                data-testid={`lottery-popular-${game.gameCode}`}>
                <span className="lot-popular-name">{game.name}</span>
                <span className="lot-popular-meta">{t(key, values)}</span>
                {special && <span className="lot-popular-number">{special}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
