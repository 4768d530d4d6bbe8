// SPEC §4 game launch, as plain functions of what a component knows (its t, navigate and location): the
// header's navigation loads this module only when a vendor is launched from it, so the first page does not
// carry it; pages use it through useLaunchGame.
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router';

import { ApiError } from '../../api/client';
import { errorText } from '../../components/errorText';
import {
  inAppLotteryUrl,
  isLotteryRecord,
  lotteryCodeOf,
  lotteryPath,
  type LotteryRecord,
} from '../../lib/lotteryRoutes';
import { memberAtom } from '../../state/account';
import { alertAtom } from '../../state/alert';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { playChoiceAtom, transferStepAtom } from '../../state/gameLaunch';
import { readSession, SESSION_KEYS, writeSession } from '../../state/sessionKeys';
import { store } from '../../state/store';
import { gamesApi, type LaunchIn, type Vendor } from './api';
import { autoTransferAtom, iframeUrlAtom, launchingAtom } from './atoms';
import { loadRecentGames } from './favourites';

export interface Launchable extends LotteryRecord {
  gameId: number;
  nodeId: number | null;
  vassalage: string;
  // The vendor lets its games be played with play money (free play); unknown counts as yes.
  allowsTrial?: boolean;
}

export interface LaunchContext {
  t: TFunction;
  navigate: NavigateFunction;
  pathname: string;
}

// SPEC §7 launch address v2 payload; the fixed values are the web client's. confirmTrans 1: the player has
// answered the transfer offer (a wallet per vendor without automatic transfer).
export function launchPayload(game: Launchable, confirmed = false): LaunchIn {
  const brand = store.get(brandAtom);
  return {
    gameId: game.gameId,
    nodeId: game.nodeId,
    accountType: 1,
    confirmTrans: confirmed ? 1 : 0,
    vassalage: game.vassalage,
    launchMode: 'GLS',
    platform: 'html5-desktop',
    clientType: 3,
    username: store.get(memberAtom)?.userName ?? readSession('username'),
    token: store.get(tokenAtom),
    merchantCode: brand?.merchantCode ?? null,
    language: store.get(languageAtom),
  };
}

// A vendor launched from the header: its single game, else the first game of its list.
async function resolveVendorGame(vendor: Vendor): Promise<Launchable> {
  if (vendor.singleGameId !== null) {
    return { gameId: vendor.singleGameId, nodeId: null, vassalage: vendor.vassalage };
  }
  const { games } = await gamesApi.gameList({
    vassalage: vendor.vassalage,
    pageNo: 1,
    pageSize: 1,
    language: store.get(languageAtom),
  });
  const first = games[0];
  if (!first) throw new Error('vendor without games');
  return first;
}

// Members (trial accounts too, with play money) only; a visitor is offered to log in or, where the game may
// be played free, free play (a trial account), which then launches the game; nothing is called before.
// A full-screen loader shows during the call; the address is kept in session storage and the player goes
// to /game. A merchant with a wallet per vendor and no automatic transfer answers with a transfer offer
// first: the player moves money into the game's wallet, then the game launches with the offer confirmed.
async function run(
  context: LaunchContext,
  resolve: () => Promise<Launchable>,
  freePlay: boolean,
  confirmed = false,
): Promise<void> {
  const { t, navigate, pathname } = context;
  if (!store.get(tokenAtom)) {
    store.set(playChoiceAtom, { freePlay, launch: () => run(context, resolve, false) });
    return;
  }
  if (store.get(launchingAtom)) return;
  store.set(launchingAtom, true);
  try {
    const game = await resolve();
    const answer = await gamesApi.launch(launchPayload(game, confirmed));
    if (answer.transferOffer) {
      const launch = () => run(context, async () => game, freePlay, true);
      store.set(transferStepAtom, { offer: answer.transferOffer, launch });
      return;
    }
    const url = answer.game_url || answer.game_url2;
    if (!url) throw new Error('launch without an address');
    // A lottery vendor's address is the portal's own lottery page: followed here, not framed.
    const inApp = inAppLotteryUrl(url, window.location.origin);
    if (inApp) {
      navigate(inApp);
      return;
    }
    writeSession(SESSION_KEYS.iframeUrl, url);
    writeSession(SESSION_KEYS.gameAutoTransfer, answer.autoTransfer ? '1' : null);
    store.set(iframeUrlAtom, url);
    store.set(autoTransferAtom, answer.autoTransfer);
    if (pathname !== '/game') navigate('/game');
    void loadRecentGames();
  } catch (error) {
    // The session time limit the member set (issue 34): the dialog that closes a game at the limit (its state
    // fetched on this rare refusal only, so that no page's script carries it).
    const alert = () => store.set(alertAtom, { message: errorText(t, error) });
    if (error instanceof ApiError && error.code === 'SESSION_LIMIT') {
      await import('../../state/sessionLimit').then(
        ({ sessionLimitAtom, sessionLimitOf }) => store.set(sessionLimitAtom, sessionLimitOf(error) ?? { endsAt: null }),
        alert,
      );
    } else {
      alert();
    }
  } finally {
    store.set(launchingAtom, false);
  }
}

// SPEC §4: lottery games go to the lottery pages, for visitors too (they may watch the draws).
async function openLottery(
  { navigate }: LaunchContext,
  record: LotteryRecord,
  resolve: () => Promise<Launchable | null>,
): Promise<void> {
  if (store.get(launchingAtom)) return;
  store.set(launchingAtom, true);
  try {
    const game = await resolve().catch(() => null);
    const code = game ? lotteryCodeOf(game) : null;
    navigate(lotteryPath({ ...record, ...game }, code));
  } finally {
    store.set(launchingAtom, false);
  }
}

export function launchGame(context: LaunchContext, game: Launchable): Promise<void> {
  return isLotteryRecord(game)
    ? openLottery(context, game, async () => game)
    : run(context, async () => game, game.allowsTrial !== false);
}

export function launchVendor(context: LaunchContext, vendor: Vendor): Promise<void> {
  return isLotteryRecord(vendor)
    ? openLottery(context, vendor, () => resolveVendorGame(vendor))
    : run(context, () => resolveVendorGame(vendor), vendor.allowsTrial);
}
