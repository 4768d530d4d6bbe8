// The widget's feed: the list read when it mounts, when the member or the language changes (names come in
// the request's language, the member's figures with the session), when the socket comes back, every five
// minutes, and when a push says something the list does not know.
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';

import { onEvent } from '../../realtime/socket';
import { languageAtom, socketStateAtom, tokenAtom } from '../../state/atoms';
import { MINIGAMES_STATE } from './api';
import { applyStateEvent, isStateEvent, refreshMiniGames } from './state';

export const POLL_MS = 5 * 60_000;

export function useMiniGamesFeed(): void {
  const token = useAtomValue(tokenAtom);
  const language = useAtomValue(languageAtom);
  const socket = useAtomValue(socketStateAtom);

  useEffect(() => {
    void refreshMiniGames();
  }, [token, language]);

  // Back online after being cut off: a push may have been missed meanwhile.
  const cutOff = useRef(false);
  useEffect(() => {
    if (socket === 'offline') cutOff.current = true;
    if (socket === 'online' && cutOff.current) {
      cutOff.current = false;
      void refreshMiniGames();
    }
  }, [socket]);

  useEffect(() => {
    const timer = setInterval(() => void refreshMiniGames(), POLL_MS);
    const stop = onEvent(MINIGAMES_STATE, (payload) => {
      if (isStateEvent(payload) && applyStateEvent(payload)) void refreshMiniGames();
    });
    return () => {
      clearInterval(timer);
      stop();
    };
  }, []);
}
