// A mission's own fields in the promotion editor: its period (or once over the whole run), up to five tasks
// (each a type, a target, for bets and turnover a category, and its reward: bonus money, tickets of a raffle
// picked from the brand's raffle promotions, or both), and an optional leaderboard by turnover (its prizes by
// rank, the category that scores, how many rows it shows, and the days its prizes can be claimed). The checks
// are missionRules.ts's; a problem is shown at its field under the server's name for it.
import { type Dispatch, type SetStateAction, useEffect, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { BOARD_SIZES, type BoardSize, CATEGORY_TASKS, COUNTED_TASKS, PRIZES_MAX, TASK_TYPES, TASKS_MAX } from '../../missionsApi';
import { listPromotions, type PromotionAdmin, RELOAD_PERIODS, WAGER_CATEGORIES, type WagerCategory } from '../../promotionsApi';
import '../../styles/missions.css';
import { Field } from '../Field';
import { Choice } from './common';
import { emptyTask, type MissionForm, type TaskForm } from './missionRules';
import type { PromotionForm } from './rules';

interface Props {
  form: PromotionForm;
  setForm: Dispatch<SetStateAction<PromotionForm>>;
  problemOf: (field: string) => string | null;
  clear: (...fields: string[]) => void;
}

// The brand's raffles a task's tickets can be for (read once; none: tickets cannot be given).
function useRaffles(): PromotionAdmin[] | null {
  const [raffles, setRaffles] = useState<PromotionAdmin[] | null>(null);
  useEffect(() => {
    let live = true;
    listPromotions().then(
      ({ list }) => live && setRaffles(list.filter((promotion) => promotion.kind === 'RAFFLE' && promotion.state !== 'ENDED')),
      () => live && setRaffles([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return raffles;
}

const TASK_FIELDS = Array.from({ length: TASKS_MAX }, (_, row) => [
  `params.tasks.${row}`,
  ...['type', 'target', 'category', 'reward', 'tickets', 'raffleId'].map((key) => `params.tasks.${row}.${key}`),
]).flat();
const PRIZE_FIELDS = Array.from({ length: PRIZES_MAX }, (_, rank) => `params.leaderboard.prizes.${rank}`);

const titleOf = (promotion: PromotionAdmin) => promotion.texts.EN?.title ?? Object.values(promotion.texts)[0]?.title ?? `#${promotion.id}`;

export function MissionFields({ form, setForm, problemOf, clear }: Props) {
  const { t } = useTranslation();
  const boardId = useId();
  const raffles = useRaffles();
  const mission = form.mission;

  const change = (update: (old: MissionForm) => MissionForm, ...fields: string[]) => {
    setForm((old) => ({ ...old, mission: update(old.mission) }));
    clear(...fields);
  };
  // Rows moved up or down: their problems no longer match them.
  const dropProblems = (prefix: 'params.tasks' | 'params.leaderboard.prizes') => clear(prefix, ...(prefix === 'params.tasks' ? TASK_FIELDS : PRIZE_FIELDS));
  const setTask = (row: number, patch: Partial<TaskForm>) =>
    change(
      (old) => ({ ...old, tasks: old.tasks.map((task, index) => (index === row ? { ...task, ...patch } : task)) }),
      ...Object.keys(patch).map((key) => `params.tasks.${row}.${key}`),
      `params.tasks.${row}.reward`,
      `params.tasks.${row}.tickets`,
      `params.tasks.${row}.raffleId`,
      'params.tasks',
    );
  const setPrize = (rank: number, value: string) =>
    change(
      (old) => ({ ...old, prizes: old.prizes.map((prize, index) => (index === rank ? value : prize)) }),
      `params.leaderboard.prizes.${rank}`,
      `params.leaderboard.prizes.${rank + 1}`,
      'params.leaderboard.prizes',
    );

  const periodOptions: readonly MissionForm['period'][] = ['', ...RELOAD_PERIODS];
  const categoryOptions: readonly (WagerCategory | '')[] = ['', ...WAGER_CATEGORIES];
  const categoryName = (category: WagerCategory | '') =>
    category ? t(`records.categories.${category}`, { defaultValue: category }) : t('promotions.missions.anyCategory');

  return (
    <div className="cs-mission" data-testid="mission-fields">
      <div className="cs-content-grid">
        <Choice<MissionForm['period']>
          label={t('promotions.missions.period')}
          value={mission.period}
          options={periodOptions}
          name={(period) => (period ? t(`promotions.periods.${period}`) : t('promotions.missions.wholeRun'))}
          onPick={(period) => change((old) => ({ ...old, period }), 'params.period')}
          hint={t('promotions.missions.periodHint')}
          problem={problemOf('params.period')}
        />
      </div>

      <fieldset className="cs-promo-rewards cs-mission-tasks">
        <legend>{t('promotions.missions.tasks')}</legend>
        <p className="cs-field-hint">{t('promotions.missions.tasksHint')}</p>
        {problemOf('params.tasks') && <p className="cs-field-problem">{problemOf('params.tasks')}</p>}
        <ol className="cs-mission-task-list">
          {mission.tasks.map((task, row) => {
            const no = String(row + 1);
            const counted = COUNTED_TASKS.includes(task.type);
            const at = `params.tasks.${row}`;
            return (
              <li key={row} className="cs-mission-task" data-task={row}>
                <Choice
                  label={t('promotions.missions.taskType', { task: no })}
                  value={task.type}
                  options={TASK_TYPES}
                  name={(type) => t(`promotions.missions.types.${type}`)}
                  onPick={(type) => setTask(row, { type, category: CATEGORY_TASKS.includes(type) ? task.category : '' })}
                  problem={problemOf(`${at}.type`)}
                />
                <Field
                  label={t(counted ? 'promotions.missions.targetCount' : 'promotions.missions.targetAmount', { task: no })}
                  hint={t(`promotions.missions.targetHints.${task.type}`)}
                  value={task.target}
                  onValue={(target) => setTask(row, { target })}
                  problem={problemOf(`${at}.target`)}
                  inputMode={counted ? 'numeric' : 'decimal'}
                  autoComplete="off"
                />
                {CATEGORY_TASKS.includes(task.type) && (
                  <Choice<WagerCategory | ''>
                    label={t('promotions.missions.category', { task: no })}
                    value={task.category}
                    options={categoryOptions}
                    name={categoryName}
                    onPick={(category) => setTask(row, { category })}
                    problem={problemOf(`${at}.category`)}
                  />
                )}
                <Field
                  label={t('promotions.missions.reward', { task: no })}
                  hint={t('promotions.missions.rewardHint')}
                  value={task.reward}
                  onValue={(reward) => setTask(row, { reward })}
                  problem={problemOf(`${at}.reward`)}
                  inputMode="decimal"
                  autoComplete="off"
                />
                <Field
                  label={t('promotions.missions.tickets', { task: no })}
                  hint={t('promotions.missions.ticketsHint')}
                  value={task.tickets}
                  onValue={(tickets) => setTask(row, { tickets })}
                  problem={problemOf(`${at}.tickets`)}
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={raffles !== null && raffles.length === 0 && !task.tickets}
                />
                <Choice<string>
                  label={t('promotions.missions.raffle', { task: no })}
                  value={task.raffleId}
                  options={['', ...(raffles ?? []).map((raffle) => String(raffle.id)), ...(task.raffleId && !raffles?.some((r) => String(r.id) === task.raffleId) ? [task.raffleId] : [])]}
                  name={(id) => {
                    if (!id) return t('promotions.missions.noRaffle');
                    const raffle = raffles?.find((r) => String(r.id) === id);
                    return raffle ? `${titleOf(raffle)} (#${id})` : `#${id}`;
                  }}
                  onPick={(raffleId) => setTask(row, { raffleId })}
                  hint={raffles !== null && raffles.length === 0 ? t('promotions.missions.noRaffles') : undefined}
                  problem={problemOf(`${at}.raffleId`)}
                />
                {mission.tasks.length > 1 && (
                  <button type="button" className="cs-button secondary small"
                    onClick={() => {
                      change((old) => ({ ...old, tasks: old.tasks.filter((_, index) => index !== row) }));
                      dropProblems('params.tasks');
                    }}>
                    {t('promotions.missions.removeTask', { task: no })}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        {mission.tasks.length < TASKS_MAX && (
          <div className="cs-actions">
            <button type="button" className="cs-button secondary small"
              onClick={() => change((old) => ({ ...old, tasks: [...old.tasks, emptyTask()] }), 'params.tasks')}>
              {t('promotions.missions.addTask')}
            </button>
          </div>
        )}
      </fieldset>

      <fieldset className="cs-promo-rewards cs-mission-board">
        <legend>{t('promotions.missions.board')}</legend>
        <div className="cs-field cs-promo-check">
          <label className="cs-content-check" htmlFor={boardId}>
            <input id={boardId} type="checkbox" checked={mission.board}
              onChange={(event) => {
                const board = event.target.checked;
                change((old) => ({ ...old, board }), 'params.leaderboard');
                if (!board) dropProblems('params.leaderboard.prizes');
              }} />
            {t('promotions.missions.withBoard')}
          </label>
          <p className="cs-field-hint">{t('promotions.missions.boardHint')}</p>
        </div>
        {mission.board && (
          <>
            <div className="cs-content-grid">
              <Choice<WagerCategory | ''>
                label={t('promotions.missions.boardCategory')}
                value={mission.boardCategory}
                options={categoryOptions}
                name={categoryName}
                onPick={(boardCategory) => change((old) => ({ ...old, boardCategory }), 'params.leaderboard.category')}
                problem={problemOf('params.leaderboard.category')}
              />
              <Choice<string>
                label={t('promotions.missions.size')}
                value={String(mission.size)}
                options={BOARD_SIZES.map(String)}
                name={(size) => t('promotions.missions.sizeRows', { size })}
                onPick={(size) => change((old) => ({ ...old, size: Number(size) as BoardSize }), 'params.leaderboard.size')}
                problem={problemOf('params.leaderboard.size')}
              />
            </div>
            <p className="cs-field-hint">{t('promotions.missions.prizesHint')}</p>
            {problemOf('params.leaderboard.prizes') && <p className="cs-field-problem">{problemOf('params.leaderboard.prizes')}</p>}
            <ol className="cs-promo-reward-list">
              {mission.prizes.map((prize, rank) => (
                <li key={rank} className="cs-promo-reward" data-prize={rank}>
                  <Field
                    label={t('promotions.missions.prize', { rank: String(rank + 1) })}
                    value={prize}
                    onValue={(value) => setPrize(rank, value)}
                    problem={problemOf(`params.leaderboard.prizes.${rank}`)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                  {mission.prizes.length > 1 && (
                    <button type="button" className="cs-button secondary small"
                      onClick={() => {
                        change((old) => ({ ...old, prizes: old.prizes.filter((_, index) => index !== rank) }));
                        dropProblems('params.leaderboard.prizes');
                      }}>
                      {t('promotions.missions.removePrize', { rank: String(rank + 1) })}
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {mission.prizes.length < PRIZES_MAX && (
              <div className="cs-actions">
                <button type="button" className="cs-button secondary small"
                  onClick={() => change((old) => ({ ...old, prizes: [...old.prizes, ''] }), 'params.leaderboard.prizes')}>
                  {t('promotions.missions.addPrize')}
                </button>
              </div>
            )}
          </>
        )}
      </fieldset>
    </div>
  );
}
