// missionLeaderboard (SPEC §2.3, the member centre): the member's running missions, each with its period, its
// tasks and their progress (a task done is claimed here), and its leaderboard, live, with the member's own row
// marked; then any running mission's board the summary does not list. Each summary read sets the menu's badge
// (tasks done and not yet claimed); a claim reads both again.
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { memberCentreAtom } from '../../../state/memberCentre';
import { detailPath } from '../api';
import { MissionLeaderboard } from '../components/MissionLeaderboard';
import { setMissionCount } from '../components/MissionCount';
import { MissionTasks } from '../components/MissionPanel';
import { periodText } from '../format';
import { type Leaderboard, type MissionSummary, missionsApi } from '../missionsApi';
import '../missions.css';
import '../promotions.css';

type Load =
  | { phase: 'loading' }
  | { phase: 'ready'; summary: MissionSummary; boards: Leaderboard[] }
  | { phase: 'failed'; error: unknown };

function PromotionLink({ id, title }: { id: number; title: string }) {
  const close = useSetAtom(memberCentreAtom);
  return (
    <Link to={detailPath(id)} className="reward-title" onClick={() => close(null)}>
      {title}
    </Link>
  );
}

export function MissionLeaderboardPage() {
  const { t } = useTranslation();
  const close = useSetAtom(memberCentreAtom);
  const [state, setState] = useState<Load>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    Promise.all([missionsApi.summary(abort.signal), missionsApi.leaderboards(abort.signal)]).then(
      ([summary, boards]) => {
        setMissionCount(summary.count);
        setState({ phase: 'ready', summary, boards: boards.list });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('promotions.loading')}</p>;
  if (state.phase === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={reload}>{t('common.retry')}</button>
      </div>
    );
  }
  const { summary, boards } = state;
  const listed = new Set(summary.list.map((mission) => mission.promotion.id));
  const boardOf = new Map(boards.map((board) => [board.promotionId, board]));
  const others = boards.filter((board) => !listed.has(board.promotionId));
  if (summary.list.length === 0 && others.length === 0) {
    return (
      <div className="empty-state mission-empty" data-testid="mission-empty">
        <p>{t('promotions.missions.none')}</p>
        <Link to="/promotions" className="button button-ghost" onClick={() => close(null)}>
          {t('promotions.rewards.browse')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mission-page" data-testid="mission-page">
      {summary.list.map((mission) => (
        <article key={mission.promotion.id} className="mission-card" data-testid="mission-card" data-id={mission.promotion.id}>
          <header className="mission-card-head">
            <PromotionLink id={mission.promotion.id} title={mission.promotion.title} />
            <span className="muted">{t('promotions.missions.period', { period: periodText(t, mission, true) })}</span>
          </header>
          <MissionTasks promotionId={mission.promotion.id} progress={mission.tasks} terms={[]} onClaimed={reload} />
          {mission.leaderboard && boardOf.has(mission.promotion.id) && <MissionLeaderboard board={boardOf.get(mission.promotion.id)!} />}
        </article>
      ))}
      {others.map((board) => (
        <article key={board.promotionId} className="mission-card" data-testid="mission-card" data-id={board.promotionId}>
          <header className="mission-card-head">
            <PromotionLink id={board.promotionId} title={board.title} />
          </header>
          <MissionLeaderboard board={board} />
        </article>
      ))}
    </div>
  );
}
