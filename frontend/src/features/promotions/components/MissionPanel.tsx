// A mission on its page (/promoDetail) and in the member centre: its tasks in the period running now, each
// with the member's progress as a bar, its reward (bonus money, raffle tickets or both) and, once done, its
// Claim button (claimed once a period); visitors see the tasks as the terms state them. A mission with a
// leaderboard shows it too, live.
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { parseCents } from '../../../lib/money';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { refreshBalance } from '../../../state/balance';
import type { ActionResult } from '../api';
import { periodText, useMoney } from '../format';
import { COUNTED_TASKS, type Leaderboard, type MissionDetail, type MissionTask, missionsApi, type TaskProgress } from '../missionsApi';
import '../missions.css';
import { isPaid } from '../usePromotionAction';
import { MissionLeaderboard } from './MissionLeaderboard';

type TaskTerms = Pick<MissionTask, 'type' | 'target' | 'category'>;

// "Place bets: 5", "Turnover: P 1,000.00 (Live casino)", "Deposit: P 100.00", "Games new to you played: 3",
// "Days logged in: 5".
export function taskText(t: TFunction, money: (amount: string) => string, task: TaskTerms): string {
  const counted = COUNTED_TASKS.includes(task.type);
  const target = counted ? task.target : money(task.target);
  const text = t(`promotions.missions.tasks.${task.type}`, { target });
  if (!task.category || (task.type !== 'BET_COUNT' && task.type !== 'TURNOVER')) return text;
  const category = t(`categories.${task.category}`, { defaultValue: task.category });
  return t('promotions.missions.inCategory', { task: text, category });
}

// "P 20.00 + 3 raffle tickets".
export function rewardText(t: TFunction, money: (amount: string) => string, task: Pick<MissionTask, 'reward' | 'tickets'>): string {
  const parts: string[] = [];
  if (task.reward && parseCents(task.reward) !== 0n) parts.push(money(task.reward));
  if (task.tickets) parts.push(t('promotions.missions.tickets', { tickets: task.tickets }));
  return parts.join(' + ');
}

// The share of the target reached, 0..100 (whole), from the decimal or counted strings (never floats).
export function progressPercent(task: Pick<TaskProgress, 'type' | 'target' | 'progress' | 'done'>): number {
  if (task.done) return 100;
  const counted = COUNTED_TASKS.includes(task.type);
  const target = counted ? (/^\d+$/.test(task.target) ? BigInt(task.target) : null) : parseCents(task.target);
  const have = counted ? (/^\d+$/.test(task.progress) ? BigInt(task.progress) : null) : parseCents(task.progress);
  if (target === null || have === null || target <= 0n || have <= 0n) return 0;
  const percent = (have * 100n) / target;
  return Number(percent > 100n ? 100n : percent);
}

function progressLabel(money: (amount: string) => string, task: TaskProgress): string {
  const counted = COUNTED_TASKS.includes(task.type);
  return counted ? `${task.progress} / ${task.target}` : `${money(task.progress)} / ${money(task.target)}`;
}

type Message = { ok: boolean; text: string };

// The tasks: with the member's progress (and their claims) when there is one, else as the terms state them.
export function MissionTasks({
  promotionId,
  progress,
  terms,
  onClaimed,
}: {
  promotionId: number;
  progress: TaskProgress[] | null;
  terms: MissionTask[];
  onClaimed?: (result: ActionResult) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const claim = async (task: TaskProgress) => {
    setBusy(task.index);
    setMessage(null);
    try {
      const result = await missionsApi.claimTask(promotionId, task.index);
      const paid = result.reward && isPaid(result.reward) && parseCents(result.reward.amount) !== 0n;
      setMessage({
        ok: true,
        text: paid ? t('promotions.done.CLAIM', { amount: money(result.reward!.amount) }) : t('promotions.missions.claimed', { reward: rewardText(t, money, task) }),
      });
      if (paid) void refreshBalance();
      onClaimed?.(result);
    } catch (error) {
      setMessage({ ok: false, text: errorText(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const shown: (TaskProgress | (MissionTask & { index: number }))[] = progress ?? terms.map((task, index) => ({ ...task, index }));
  return (
    <div className="mission-tasks-box">
      <ol className="mission-tasks" data-testid="mission-tasks">
        {shown.map((task) => {
          const own = 'progress' in task ? task : null;
          const percent = own ? progressPercent(own) : 0;
          const reward = rewardText(t, money, task);
          return (
            <li key={task.index} className={`mission-task${own?.done ? ' done' : ''}${own?.claimed ? ' claimed' : ''}`}
              data-testid="mission-task" data-index={task.index}>
              <div className="mission-task-head">
                <span className="mission-task-name">{taskText(t, money, task)}</span>
                {reward && <span className="mission-task-reward">{reward}</span>}
              </div>
              {own && (
                <div className="mission-task-progress">
                  <div className="mission-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
                    aria-label={taskText(t, money, task)}>
                    <span className="mission-bar-fill" style={{ width: `${percent}%` }} />
                  </div>
                  <span className="mission-task-figures" data-testid="mission-task-figures">{progressLabel(money, own)}</span>
                  {own.claimed ? (
                    <span className="promo-status promo-status-claimed" data-testid="mission-task-state">{t('promotions.status.CLAIMED')}</span>
                  ) : own.done ? (
                    <button type="button" className="button button-small mission-claim" disabled={busy !== null}
                      aria-busy={busy === own.index || undefined} onClick={() => void claim(own)}>
                      {t('promotions.actions.CLAIM')}
                    </button>
                  ) : (
                    <span className="promo-status promo-status-process" data-testid="mission-task-state">{t('promotions.status.PROCESS')}</span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {message && (
        <p className={message.ok ? 'promo-outcome' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="mission-message">
          {message.text}
        </p>
      )}
    </div>
  );
}

type BoardLoad = { phase: 'loading' } | { phase: 'ready'; value: Leaderboard } | { phase: 'failed'; error: unknown };

// A mission's leaderboard, read for the reader (a member's answer carries their own standing) and kept live.
export function MissionBoard({ promotionId, reloads = 0 }: { promotionId: number; reloads?: number }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const language = useAtomValue(languageAtom);
  const [state, setState] = useState<BoardLoad>({ phase: 'loading' });
  const [tries, setTries] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    missionsApi.leaderboard(promotionId, abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [promotionId, token, language, reloads, tries]);
  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('promotions.loading')}</p>;
  if (state.phase === 'failed') {
    return (
      <div className="promo-section">
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={() => setTries((n) => n + 1)}>{t('common.retry')}</button>
      </div>
    );
  }
  return <MissionLeaderboard board={state.value} />;
}

// /promoDetail of a MISSION: the tasks (the member's progress in the period, or the terms for a visitor) and,
// when it has one, the leaderboard.
export function MissionPanel({ detail, onClaimed }: { detail: MissionDetail; onClaimed: (result: ActionResult) => void }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const mission = detail.mission ?? null;
  const terms = detail.params.tasks ?? [];
  const [claims, setClaims] = useState(0);
  const claimed = useCallback(
    (result: ActionResult) => {
      setClaims((n) => n + 1);
      onClaimed(result);
    },
    [onClaimed],
  );
  return (
    <>
      <section className="promo-section mission-panel" aria-labelledby="mission-tasks-title" data-testid="mission-panel">
        <h2 id="mission-tasks-title">{t('promotions.missions.title')}</h2>
        <p className="muted">
          {mission
            ? t('promotions.missions.period', { period: periodText(t, mission, true) })
            : detail.params.period
              ? t(`promotions.missions.every.${detail.params.period}`)
              : t('promotions.missions.wholeRun')}
        </p>
        {!mission && !token && <p className="muted" data-testid="mission-visitor">{t('promotions.missions.logIn')}</p>}
        <MissionTasks promotionId={detail.id} progress={mission?.tasks ?? null} terms={terms} onClaimed={claimed} />
      </section>
      {detail.params.leaderboard && <MissionBoard promotionId={detail.id} reloads={claims} />}
    </>
  );
}
