import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { errorText } from '../../../components/errorText';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { parseCents } from '../../../lib/money';
import { refreshBalance } from '../../../state/balance';
import { memberCentreAtom } from '../../../state/memberCentre';
import { type ActionResult, detailPath, type PromotionCard, promotionsApi, type Reward, type RewardList } from '../api';
import { LoyaltyRewardList } from '../components/LoyaltyRewardList';
import { MiniGamePrizeList } from '../components/MiniGamePrizeList';
import { rewardText, taskText } from '../components/MissionPanel';
import { moment, useMoney } from '../format';
import { type Mission, missionsApi, type TaskProgress } from '../missionsApi';
import '../promotions.css';
import { isPaid } from '../usePromotionAction';

type Load = { phase: 'loading' } | { phase: 'ready'; value: RewardList } | { phase: 'failed'; error: unknown };
type Message = { ok: boolean; text: string };

// A promotion's page, from inside the member centre: the overlay gives way to it.
function PromotionLink({ id, title }: { id: number; title: string }) {
  const close = useSetAtom(memberCentreAtom);
  return (
    <Link to={detailPath(id)} className="reward-title" onClick={() => close(null)}>
      {title}
    </Link>
  );
}

function RewardRow({ reward, busy, onClaim }: { reward: Reward; busy: boolean; onClaim: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  // A joined deposit bonus has no amount until its deposit comes.
  const pending = reward.status === 'JOINED' && reward.amount === '0.00';
  return (
    <li className="reward-row" data-testid="reward-row" data-id={reward.id}>
      <div className="reward-main">
        <PromotionLink id={reward.promotionId} title={reward.promotionTitle} />
        <span className="reward-kind muted">
          {t(`promotions.kinds.${reward.kind}`)}
          {reward.streak > 0 && ` · ${t('promotions.streak.day', { day: reward.streak })}`}
        </span>
      </div>
      <div className="reward-figures">
        <span className={`promo-status promo-reward-${reward.status.toLowerCase()}`}>{t(`promotions.rewardStatus.${reward.status}`)}</span>
        <strong className="reward-amount">{pending ? t('promotions.rewards.afterDeposit') : money(reward.amount)}</strong>
      </div>
      <dl className="reward-dates">
        {reward.depositAmount && (
          <div>
            <dt>{t('promotions.rewards.deposit')}</dt>
            <dd>{money(reward.depositAmount)}</dd>
          </div>
        )}
        <div>
          <dt>{t('promotions.rewards.createdAt')}</dt>
          <dd>{moment(reward.createdAt)}</dd>
        </div>
        {reward.status === 'CLAIMABLE' && reward.claimBy != null && (
          <div>
            <dt>{t('promotions.rewards.claimBy')}</dt>
            <dd>{moment(reward.claimBy)}</dd>
          </div>
        )}
        {reward.paidAt != null && (
          <div>
            <dt>{t('promotions.rewards.paidAt')}</dt>
            <dd>{moment(reward.paidAt)}</dd>
          </div>
        )}
      </dl>
      {reward.status === 'CLAIMABLE' && (
        <button type="button" className="button button-small reward-claim" disabled={busy} onClick={onClaim}>
          {t('promotions.actions.CLAIM')}
        </button>
      )}
    </li>
  );
}

function ClaimableRow({ card, busy, onClaim }: { card: PromotionCard; busy: boolean; onClaim: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="reward-row reward-offer" data-testid="claimable-row" data-id={card.id}>
      <div className="reward-main">
        <PromotionLink id={card.id} title={card.title} />
        <span className="reward-kind muted">{t(`promotions.kinds.${card.kind}`)}</span>
      </div>
      <button type="button" className="button button-small reward-claim" disabled={busy} onClick={onClaim}>
        {t('promotions.actions.CLAIM')}
      </button>
    </li>
  );
}

// A mission's task done and not claimed yet: the mission, the task as its page states it, what it gives.
function MissionTaskRow({ mission, task, busy, onClaim }: { mission: Mission; task: TaskProgress; busy: boolean; onClaim: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const reward = rewardText(t, money, task);
  return (
    <li className="reward-row reward-offer" data-testid="mission-task-row" data-id={mission.promotion.id} data-index={task.index}>
      <div className="reward-main">
        <PromotionLink id={mission.promotion.id} title={mission.promotion.title} />
        <span className="reward-kind muted">{`${t('promotions.kinds.MISSION')} · ${taskText(t, money, task)}`}</span>
        {reward && <strong className="reward-amount">{reward}</strong>}
      </div>
      <button type="button" className="button button-small reward-claim" disabled={busy} onClick={onClaim}>
        {t('promotions.actions.CLAIM')}
      </button>
    </li>
  );
}

// rewardCenter (SPEC §2.3): what the member can claim now (a sign-up bonus, a mission's task done), then
// every reward of theirs, newest first: its status, amount, the promotion it came from, its dates and, while
// it can be claimed, the Claim button and the time it must be claimed by; then what loyalty paid and what the
// mini-games gave.
export function RewardCenterPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const close = useSetAtom(memberCentreAtom);
  const [state, setState] = useState<Load>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    promotionsApi.rewards(abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [reloads]);

  // `other`: what to say when the claim paid no money (a task's raffle tickets say what they gave).
  const claim = async (key: string, call: () => Promise<ActionResult>, other = t('promotions.done.other')) => {
    setBusy(key);
    setMessage(null);
    try {
      const result = await call();
      const reward = result.reward;
      // Money came (a task may give raffle tickets only): say how much and read the header balance again.
      const paid = reward && isPaid(reward) && parseCents(reward.amount) !== 0n ? reward : null;
      setMessage({ ok: true, text: paid ? t('promotions.done.CLAIM', { amount: money(paid.amount) }) : other });
      if (paid) void refreshBalance();
    } catch (error) {
      setMessage({ ok: false, text: errorText(t, error) });
    } finally {
      setBusy(null);
      setReloads((n) => n + 1);
    }
  };

  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('promotions.loading')}</p>;
  if (state.phase === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={() => setReloads((n) => n + 1)}>{t('common.retry')}</button>
      </div>
    );
  }
  const { list, claimable } = state.value;
  const tasks = (state.value.missions ?? []).flatMap((mission) =>
    mission.tasks.filter((task) => task.done && !task.claimed).map((task) => ({ mission, task })),
  );
  return (
    <div className="reward-centre" data-testid="reward-centre">
      {message && (
        <p className={message.ok ? 'notice' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="reward-message">
          {message.text}
        </p>
      )}
      {(claimable.length > 0 || tasks.length > 0) && (
        <Section title={t('promotions.rewards.claimNow')}>
          <ul className="reward-list" data-testid="claimable-list">
            {claimable.map((card) => (
              <ClaimableRow key={card.id} card={card} busy={busy !== null}
                onClaim={() => void claim(`promotion:${card.id}`, () => promotionsApi.claim(card.id))} />
            ))}
            {tasks.map(({ mission, task }) => (
              <MissionTaskRow key={`${mission.promotion.id}:${task.index}`} mission={mission} task={task} busy={busy !== null}
                onClaim={() =>
                  void claim(`task:${mission.promotion.id}:${task.index}`, () => missionsApi.claimTask(mission.promotion.id, task.index),
                    t('promotions.missions.claimed', { reward: rewardText(t, money, task) }))
                } />
            ))}
          </ul>
        </Section>
      )}
      <Section title={t('promotions.rewards.mine')}>
        {list.length === 0 ? (
          <div className="empty-state reward-empty">
            <p>{t('promotions.rewards.empty')}</p>
            <Link to="/promotions" className="button button-ghost" onClick={() => close(null)}>
              {t('promotions.rewards.browse')}
            </Link>
          </div>
        ) : (
          <ul className="reward-list" data-testid="reward-list">
            {list.map((reward) => (
              <RewardRow key={reward.id} reward={reward} busy={busy !== null}
                onClaim={() => void claim(`reward:${reward.id}`, () => promotionsApi.claimReward(reward.id))} />
            ))}
          </ul>
        )}
      </Section>
      <LoyaltyRewardList rewards={state.value.loyalty ?? []} />
      <MiniGamePrizeList prizes={state.value.minigames ?? []} />
    </div>
  );
}
