import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import { type Area, lotteryApi, type Menu } from '../api';
import { betsVersionAtom, recentLotteryAtom } from '../atoms';
import { adoptLaunchToken } from '../session';
import { useLotteryGame } from '../useLotteryGame';
import { BetSlip } from './BetSlip';
import { Countdown } from './Countdown';
import { GameMenu, intervalKey } from './GameMenu';
import { MyBets } from './MyBets';
import { NumberPicker } from './NumberPicker';
import { OpenedHistory } from './OpenedHistory';
import { PlayTypeTabs } from './PlayTypeTabs';
import { ResultReveal } from './ResultReveal';
import '../lottery.css';

// 'vn' reads /lgw/vn/games/game_menu (areas VN and FAST), 'all' the menus of every area.
export type MenuSource = 'all' | 'vn';

interface LotteryScreenProps {
  titleKey: string;
  source: MenuSource;
  // The areas shown; null for all.
  areas: readonly Area[] | null;
}

export async function loadRecentLottery(): Promise<void> {
  if (!store.get(tokenAtom)) {
    store.set(recentLotteryAtom, null);
    return;
  }
  try {
    store.set(recentLotteryAtom, (await lotteryApi.recent()).list);
  } catch {
    store.set(recentLotteryAtom, null);
  }
}

function useMenus(source: MenuSource, areas: readonly Area[] | null) {
  const language = useAtomValue(languageAtom);
  const [menus, setMenus] = useState<Menu[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const areaKey = areas?.join(',') ?? '';
  useEffect(() => {
    let live = true;
    setError(null);
    const wanted = areaKey ? areaKey.split(',') : null;
    (source === 'vn' ? lotteryApi.vnMenus() : lotteryApi.menus()).then(
      (out) => live && setMenus(out.menus.filter((m) => m.games.length > 0 && (!wanted || wanted.includes(m.area)))),
      (failure: unknown) => live && setError(failure ?? new Error('failed')),
    );
    return () => {
      live = false;
    };
  }, [source, areaKey, language, attempt]);
  return { menus, error, retry: () => setAttempt((n) => n + 1) };
}

// /lottery, /vnlottery and /seaLottery: the game menu, then for the game chosen its play types, number
// picker, bet slip, countdown, the live result, the opened-number history and the member's bets.
export function LotteryScreen({ titleKey, source, areas }: LotteryScreenProps) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const language = useAtomValue(languageAtom);
  const recentAll = useAtomValue(recentLotteryAtom);
  const bumpBets = useSetAtom(betsVersionAtom);
  const [params, setParams] = useSearchParams();
  const { menus, error, retry } = useMenus(source, areas);

  const games = useMemo(() => menus?.flatMap((m) => m.games) ?? [], [menus]);
  const requested = params.get('gameCode') ?? params.get('game');
  const game = games.find((g) => g.gameCode === requested) ?? games[0] ?? null;
  const play = game?.playTypes.find((p) => p.code === params.get('playType')) ?? game?.playTypes[0] ?? null;
  const [chosenMode, setChosenMode] = useState<string | null>(null);
  const prizeMode = game && chosenMode && game.prizeModes.includes(chosenMode) ? chosenMode : (game?.prizeModes[0] ?? '');
  const [selection, setSelection] = useState<string[]>([]);
  const recent = useMemo(
    () => (recentAll ? recentAll.filter((r) => games.some((g) => g.gameCode === r.gameCode)) : null),
    [recentAll, games],
  );
  const state = useLotteryGame(game?.gameCode ?? null);

  useEffect(() => setSelection([]), [game?.gameCode, play?.code]);
  useEffect(() => void loadRecentLottery(), [token, language]);

  // A launch address (…/lottery?gameCode=…&token=…) brings a one-time token: it opens the session.
  const launchToken = params.get('token');
  useEffect(() => {
    if (!launchToken) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('token');
      return next;
    }, { replace: true });
    if (store.get(tokenAtom)) void adoptLaunchToken(launchToken).catch(() => undefined);
  }, [launchToken, setParams]);

  const chooseGame = useCallback((gameCode: string) => setParams({ gameCode }), [setParams]);
  const choosePlay = useCallback(
    (playType: string) => game && setParams({ gameCode: game.gameCode, playType }, { replace: true }),
    [game, setParams],
  );
  const onPlaced = useCallback(() => {
    bumpBets((n) => n + 1);
    void loadRecentLottery();
  }, [bumpBets]);

  const sessionGame = useMemo(() => (game ? { gameCode: game.gameCode, prizeMode } : null), [game, prizeMode]);
  const [intervalLabel, intervalValues] = game ? intervalKey(game) : ['', {}];

  return (
    <section className="page container lottery" data-testid="lottery-screen">
      <h1 className="page-title">{t(titleKey)}</h1>
      {error !== null && (
        <p className="empty-state" role="alert">
          {errorText(t, error)}{' '}
          <button type="button" className="link-button" onClick={retry}>{t('common.retry')}</button>
        </p>
      )}
      {error === null && menus === null && <p className="muted" role="status">{t('lottery.loading')}</p>}
      {menus !== null && games.length === 0 && <p className="empty-state">{t('lottery.noGames')}</p>}
      {menus !== null && game && play && (
        <div className="lot-layout">
          <GameMenu menus={menus} recent={token ? recent : null} selected={game.gameCode} onSelect={chooseGame} />
          <div className="lot-main" data-testid="lottery-game" data-game={game.gameCode}>
            <header className="lot-head">
              <div className="lot-title">
                <h2>{game.name}</h2>
                <span className="muted">
                  {t(`lottery.areas.${game.area}`, { defaultValue: game.area })} · {t(intervalLabel, intervalValues)}
                </span>
              </div>
              <Countdown issue={state.issue} offsetMs={state.offsetMs} />
              <ResultReveal reveal={state.reveal} awaited={state.pending[0] ?? null} />
            </header>
            <PlayTypeTabs playTypes={game.playTypes} selected={play.code} prizeMode={prizeMode} onSelect={choosePlay} />
            <div className="lot-play">
              <NumberPicker key={`${game.gameCode}-${play.code}`} pick={play.pick} selection={selection} onChange={setSelection} />
              <BetSlip gameCode={game.gameCode} prizeModes={game.prizeModes} prizeMode={prizeMode} onPrizeMode={setChosenMode}
                play={play} selection={selection} onRemove={(value) => setSelection((s) => s.filter((n) => n !== value))}
                issue={state.issue} open={state.phase === 'open'} onPlaced={onPlaced} />
            </div>
            <div className="lot-lower">
              <OpenedHistory key={game.gameCode} list={state.history} />
              <MyBets game={sessionGame} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
