// The one warning dialog's content (SPEC §8). Kept apart from the dialog itself so that whatever raises a
// warning (a form, a launch, a bet) does not load the dialog and its animations until one is shown.
import { atom } from 'jotai';

export interface AlertState {
  message: string;
  confirmKey?: string;
  onConfirm?: () => void;
}

export const alertAtom = atom<AlertState | null>(null);
