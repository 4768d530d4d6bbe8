import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { formatMoney } from '../../../lib/money';
import { brandAtom, tokenAtom } from '../../../state/atoms';
import { gamesApi, type Room } from '../api';
import type { Launchable } from '../useLaunchGame';

// SPEC §7 PVP: the vendor's rooms (GLS2_roomList) for members; a room launches its game.
export function PvpRooms({ vassalage, onPlay }: { vassalage: string; onPlay: (game: Launchable) => void }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const [rooms, setRooms] = useState<Room[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRooms(null);
    setError(null);
    if (!token) return;
    let live = true;
    gamesApi.rooms(vassalage).then(
      (answer) => live && setRooms(answer.rooms),
      (e: unknown) => live && setError(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [vassalage, token, t]);
  if (!token) return null;
  return (
    <section className="pvp-rooms" aria-labelledby="pvp-rooms-title">
      <h2 id="pvp-rooms-title" className="strip-title">{t('games.rooms.title')}</h2>
      {error && <p className="form-error" role="alert">{error}</p>}
      {rooms && rooms.length === 0 && <p className="muted">{t('games.rooms.none')}</p>}
      {rooms && rooms.length > 0 && (
        <ul className="room-list">
          {rooms.map((room) => (
            <li key={room.roomId} className="room" data-testid={`room-${room.roomId}`}>
              <span className="room-name">{room.name}</span>
              <span className="muted">{t('games.rooms.minBet', { amount: formatMoney(room.minBet, symbol) })}</span>
              <span className="muted">{t('games.rooms.players', { players: room.players })}</span>
              <button type="button" className="button button-small"
                onClick={() => onPlay({ gameId: room.gameId, nodeId: null, vassalage: room.vassalage })}>
                {t('games.rooms.join')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
