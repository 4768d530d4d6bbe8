// A mission's leaderboard, live: members ranked by turnover in the period, each row with its prize, the
// reader's own row marked (its tag is me.tag) and, when the reader is below the rows shown, their own rank and
// score under the table. The board's room is joined while the socket is online (again after each reconnect)
// and its `missions:leaderboard` pushes replace the rows; a push of another board or period is not ours.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { EVENTS } from '../../../realtime/events';
import { onEvent, subscribe, unsubscribe } from '../../../realtime/socket';
import { socketStateAtom } from '../../../state/atoms';
import { periodText, useMoney } from '../format';
import { isLeaderboardEvent, type Leaderboard, type LeaderboardMe, type LeaderboardRow } from '../missionsApi';
import '../missions.css';

type Board = Omit<Leaderboard, 'me' | 'title'> & { me?: LeaderboardMe | null };

// The rows of `board`, replaced by each push of its own board and period.
export function useLiveRows(board: Board): LeaderboardRow[] {
  const socketState = useAtomValue(socketStateAtom);
  // The pushed rows, kept with the answer's rows they replace: a newer answer (read again, or of another
  // period) starts from its own rows.
  const [live, setLive] = useState<{ base: LeaderboardRow[]; rows: LeaderboardRow[] } | null>(null);
  const { promotionId, periodKey, room, rows } = board;

  useEffect(() => {
    if (socketState !== 'online' || !room) return;
    void subscribe(room).catch(() => false);
    return () => void unsubscribe(room).catch(() => undefined);
  }, [room, socketState]);

  useEffect(
    () =>
      onEvent(EVENTS.missionsLeaderboard, (payload) => {
        if (!isLeaderboardEvent(payload)) return;
        if (payload.promotionId !== promotionId || payload.periodKey !== periodKey) return;
        setLive({ base: rows, rows: payload.rows });
      }),
    [promotionId, periodKey, rows],
  );

  return live && live.base === rows ? live.rows : rows;
}

export function MissionLeaderboard({ board, title }: { board: Board; title?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const rows = useLiveRows(board);
  const me = board.me ?? null;
  const mine = me ? rows.find((row) => row.tag === me.tag) : undefined;
  return (
    <section className="promo-section mission-board" aria-label={title ?? t('promotions.missions.board.title')}
      data-testid="mission-board" data-promotion={board.promotionId}>
      <h2>{title ?? t('promotions.missions.board.title')}</h2>
      <p className="muted mission-board-note">
        {periodText(t, board, true)} · {board.category
          ? t('promotions.missions.board.scoreCategory', { category: t(`categories.${board.category}`, { defaultValue: board.category }) })
          : t('promotions.missions.board.score')}
      </p>
      {rows.length === 0 ? (
        <p className="empty-state" data-testid="mission-board-empty">{t('promotions.missions.board.empty')}</p>
      ) : (
        <table className="mc-table mission-board-table">
          <thead>
            <tr>
              <th scope="col">{t('promotions.missions.board.rank')}</th>
              <th scope="col">{t('promotions.missions.board.name')}</th>
              <th scope="col">{t('promotions.missions.board.turnover')}</th>
              <th scope="col">{t('promotions.missions.board.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const own = me !== null && row.tag === me.tag;
              return (
                <tr key={row.tag} data-testid="mission-board-row" data-rank={row.rank} className={own ? 'mission-board-me' : undefined}
                  aria-current={own ? 'true' : undefined}>
                  <td>{row.rank}</td>
                  <td>
                    {row.name}
                    {own && <span className="mission-board-you"> {t('promotions.missions.board.you')}</span>}
                  </td>
                  <td className="money">{money(row.score)}</td>
                  <td className="money">{row.prize ? money(row.prize) : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {me && !mine && (
        <p className="mission-board-mine" data-testid="mission-board-mine">
          {me.rank === null
            ? t('promotions.missions.board.unranked', { score: money(me.score) })
            : t('promotions.missions.board.mine', { rank: me.rank, score: money(me.score) })}
        </p>
      )}
      {board.prizes.length > 0 && (
        <p className="muted mission-board-note" data-testid="mission-board-prizes">
          {t('promotions.missions.board.prizes', { prizes: board.prizes.map((prize, rank) => `#${rank + 1} ${money(prize)}`).join(' · ') })}
        </p>
      )}
    </section>
  );
}
