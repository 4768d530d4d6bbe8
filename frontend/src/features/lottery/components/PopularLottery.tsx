import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { lotteryPath } from '../../../lib/lotteryRoutes';
import { languageAtom } from '../../../state/atoms';
import { type GameMenuItem, lotteryApi } from '../api';
import { headlineOf } from '../headline';
import '../popular.css';
import { intervalKey } from './GameMenu';

// The home page's most played lottery games (SPEC §7 home, /lgw/games/popular), every game of the catalogue,
// each with its last draw's leading prize named (the special prize, the 4D first prize, all five balls); a
// click opens the game on /lottery. Nothing is shown when the call fails or finds nothing.
export function PopularLottery() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const [games, setGames] = useState<GameMenuItem[] | null>(null);

  useEffect(() => {
    let live = true;
    lotteryApi
      .popular(language)
      .then((answer) => live && setGames(answer.list))
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
          const last = game.lastOpened;
          const head = last ? headlineOf(last) : null;
          return (
            <li key={game.gameCode}>
              <Link to={lotteryPath({ gameCode: game.gameCode })} className="lot-popular-card"
                data-testid={`lottery-popular-${game.gameCode}`}>
                <span className="lot-popular-name">{game.name}</span>
                <span className="lot-popular-meta">{t(key, values)}</span>
                {last && head && (
                  <span className="lot-popular-result" data-testid={`lottery-popular-result-${game.gameCode}`}>
                    <span className="lot-popular-label">
                      {t('home.popularLast', {
                        tier: t(`lottery.tiers.${head.tier}`, { defaultValue: head.tier }),
                        issueNo: last.issueNo,
                      })}
                    </span>
                    <span className="lot-popular-balls">
                      {head.numbers.map((number, index) => (
                        <span key={index} className="lot-popular-number">{number}</span>
                      ))}
                    </span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
