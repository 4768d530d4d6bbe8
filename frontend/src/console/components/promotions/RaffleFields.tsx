// A raffle's fields in the promotion editor: what earns a ticket (deposits or turnover) and how much per
// ticket, the most tickets one member earns that way, the prizes by rank (none above the one before), and the
// days a winner has to claim. The promotion's end is the draw time: a warning says so.
import type { Dispatch, SetStateAction } from 'react';

import { useTranslation } from '../../../i18n/react';
import { RAFFLE_PRIZES_MAX, TICKET_BYS, type TicketBy } from '../../raffleApi';
import { Field } from '../Field';
import { Choice } from './common';
import type { RaffleForm } from './raffleRules';
import type { PromotionForm } from './rules';

interface Props {
  form: PromotionForm;
  setForm: Dispatch<SetStateAction<PromotionForm>>;
  edit: <K extends keyof PromotionForm>(key: K, field: string) => (value: PromotionForm[K]) => void;
  problemOf: (field: string) => string | null;
}

export function RaffleFields({ form, setForm, edit, problemOf }: Props) {
  const { t } = useTranslation();
  const raffle = form.raffle;
  const change = (patch: Partial<RaffleForm>) => setForm((old) => ({ ...old, raffle: { ...old.raffle, ...patch } }));
  const setPrize = (rank: number, value: string) => change({ prizes: raffle.prizes.map((prize, n) => (n === rank ? value : prize)) });
  return (
    <div className="cs-content-grid" data-testid="raffle-fields">
      <p className="cs-field-hint" role="note" data-testid="raffle-draw-warning">
        {t('promotions.raffle.drawWarning')}
      </p>
      <Choice<TicketBy>
        label={t('promotions.raffle.ticketBy')}
        value={raffle.ticketBy}
        options={TICKET_BYS}
        name={(by) => t(`promotions.raffle.by.${by}`)}
        onPick={(ticketBy) => change({ ticketBy })}
        problem={problemOf('params.ticketBy')}
      />
      <Field
        label={t('promotions.raffle.ticketEvery')}
        hint={t('promotions.raffle.ticketEveryHint')}
        value={raffle.ticketEvery}
        onValue={(ticketEvery) => change({ ticketEvery })}
        problem={problemOf('params.ticketEvery')}
        inputMode="decimal"
        autoComplete="off"
      />
      <Field
        label={t('promotions.raffle.maxTickets')}
        hint={t('promotions.raffle.maxTicketsHint')}
        value={raffle.maxTickets}
        onValue={(maxTickets) => change({ maxTickets })}
        problem={problemOf('params.maxTickets')}
        inputMode="numeric"
        autoComplete="off"
      />
      <Field
        label={t('promotions.raffle.claimDays')}
        value={form.claimDays}
        onValue={edit('claimDays', 'params.claimDays')}
        problem={problemOf('params.claimDays')}
        inputMode="numeric"
        autoComplete="off"
      />
      <fieldset className="cs-promo-group" data-testid="raffle-prizes">
        <legend>{t('promotions.raffle.prizes')}</legend>
        {problemOf('params.prizes') && <p className="cs-field-problem">{problemOf('params.prizes')}</p>}
        {raffle.prizes.map((prize, rank) => (
          <Field
            key={rank}
            label={t('promotions.raffle.prize', { rank: rank + 1 })}
            value={prize}
            onValue={(value) => setPrize(rank, value)}
            problem={problemOf(`params.prizes.${rank}`)}
            inputMode="decimal"
            autoComplete="off"
            after={
              raffle.prizes.length > 1 ? (
                <button type="button" className="cs-button secondary small" onClick={() => change({ prizes: raffle.prizes.filter((_, n) => n !== rank) })}
                  aria-label={t('promotions.raffle.removePrize', { rank: rank + 1 })}>
                  {t('promotions.raffle.remove')}
                </button>
              ) : undefined
            }
          />
        ))}
        {raffle.prizes.length < RAFFLE_PRIZES_MAX && (
          <button type="button" className="cs-button secondary small" onClick={() => change({ prizes: [...raffle.prizes, ''] })}>
            {t('promotions.raffle.addPrize')}
          </button>
        )}
      </fieldset>
    </div>
  );
}
