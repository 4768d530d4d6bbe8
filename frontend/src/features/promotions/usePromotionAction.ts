// What a promotion's button does (the card's `action`): LOGIN opens the login popup, DEPOSIT the member
// centre on its deposit page, JOIN / CLAIM / CHECKIN are calls whose answer carries the card as it is now.
// The outcome, said in words, belongs to the promotion it was for; a refused call shows its error code's
// text (errors.PROMOTION_*, errors.in_need_true_account for a free-play account).
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';

import { errorText } from '../../components/errorText';
import { useTranslation } from '../../i18n/react';
import { accountModalAtom } from '../../state/account';
import { refreshBalance } from '../../state/balance';
import { memberCentreAtom } from '../../state/memberCentre';
import { type ActionResult, type PromotionCard, promotionsApi, type Reward } from './api';
import { useOpenApplication } from './applicationApi';
import { useMoney } from './format';

export interface Outcome {
  id: number;
  ok: boolean;
  text: string;
}

type Call = 'JOIN' | 'CLAIM' | 'CHECKIN';

const CALLS: Record<Call, (id: number) => Promise<ActionResult>> = {
  JOIN: promotionsApi.join,
  CLAIM: promotionsApi.claim,
  CHECKIN: promotionsApi.checkin,
};

// A reward that reached the wallet: the header balance is read again.
export const isPaid = (reward: Reward | null | undefined) => reward != null && (reward.status === 'CLAIMED' || reward.status === 'ISSUED');

export function usePromotionAction(onDone: (result: ActionResult) => void) {
  const { t } = useTranslation();
  const money = useMoney();
  const openModal = useSetAtom(accountModalAtom);
  const openMemberPage = useSetAtom(memberCentreAtom);
  const openApplication = useOpenApplication();
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const said = useCallback(
    (action: Call, result: ActionResult): string => {
      const reward = result.reward;
      if (action === 'JOIN') return t('promotions.done.JOIN');
      if (action === 'CHECKIN' && reward) return t('promotions.done.CHECKIN', { day: reward.streak, amount: money(reward.amount) });
      if (reward && isPaid(reward)) return t('promotions.done.CLAIM', { amount: money(reward.amount) });
      return t('promotions.done.other');
    },
    [t, money],
  );

  const run = useCallback(
    async (card: PromotionCard) => {
      const action = card.action;
      if (action === null) return;
      if (action === 'LOGIN') {
        openModal('login');
        return;
      }
      if (action === 'DEPOSIT') {
        openMemberPage('depositv2');
        return;
      }
      if (action === 'APPLY') {
        openApplication(card.id); // the application's form, on the promotion's page
        return;
      }
      setBusy(card.id);
      setOutcome(null);
      try {
        const result = await CALLS[action](card.id);
        setOutcome({ id: card.id, ok: true, text: said(action, result) });
        if (isPaid(result.reward)) void refreshBalance();
        onDone(result);
      } catch (error) {
        setOutcome({ id: card.id, ok: false, text: errorText(t, error) });
      } finally {
        setBusy(null);
      }
    },
    [openModal, openMemberPage, openApplication, said, onDone, t],
  );

  return { run, busy, outcome };
}
