// What a launch asks of the player before the game opens. The games feature launches and sets these; the
// feature that owns the answer shows the question: the account feature's login or free play (a visitor),
// the wallet feature's transfer (a merchant with a wallet per vendor and no automatic transfer). Each holds
// the launch to make once the player has answered.
import { atom } from 'jotai';

import type { Schemas } from '../api/client';

export type TransferOffer = Schemas['TransferOfferOut'];

export interface PendingLaunch {
  launch: () => Promise<void>;
}

// A visitor tapped a game: log in, or (where the game may be played free) play with play money now.
export interface PlayChoice extends PendingLaunch {
  freePlay: boolean;
}
export const playChoiceAtom = atom<PlayChoice | null>(null);

// The game plays from its own wallet: move money into it, then launch.
export interface TransferStep extends PendingLaunch {
  offer: TransferOffer;
}
export const transferStepAtom = atom<TransferStep | null>(null);
