// One tier of the offer form: its minimum valid bet, minimum of active members and rate in basis points, each
// rate with its % beside; a real-time salary's single tier has two rates more, on what the members lost and
// on what they won (0 when left empty).
import { useTranslation } from '../../../i18n/react';
import { Field } from '../Field';
import { MAX_RATE_BPS, PROBLEM_KEYS, type TierDraft, type TierField, typedPercent } from './rules';

// The % a rate being typed stands for, announced as it changes.
function Percent({ rate, text }: { rate: string; text: string }) {
  const { t } = useTranslation();
  const shown = typedPercent(rate);
  return (
    <span className="cs-agents-percent" data-testid="tier-percent" aria-live="polite">
      {shown === null ? '' : t(text, { rate: t('agents.rate', { rate: shown }) })}
    </span>
  );
}

export function OfferTier({
  row,
  n,
  problems,
  dividend,
  realtime,
  removable,
  onEdit,
  onRemove,
}: {
  row: TierDraft;
  n: number; // from 0
  problems: Partial<Record<TierField, string>> | undefined;
  dividend: boolean;
  realtime: boolean;
  removable: boolean;
  onEdit: (field: TierField, value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const problemOf = (field: TierField) =>
    problems?.[field] ? t(`agents.offer.problems.${PROBLEM_KEYS[field]}`, { max: String(MAX_RATE_BPS) }) : null;
  const rateField = (field: 'rate' | 'loss' | 'win', label: string, percentText: string, hint?: string) => (
    <Field
      label={label}
      value={row[field]}
      onValue={(value) => onEdit(field, value)}
      problem={problemOf(field)}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      after={<Percent rate={row[field]} text={percentText} />}
    />
  );
  return (
    <fieldset className={`cs-agents-tier${realtime ? ' is-realtime' : ''}`} data-tier={n + 1}>
      <legend>{t('agents.offer.tier', { n: String(n + 1) })}</legend>
      <Field
        label={t('agents.offer.minValidBet')}
        value={row.bet}
        onValue={(value) => onEdit('bet', value)}
        problem={problemOf('bet')}
        inputMode="decimal"
        autoComplete="off"
        maxLength={15}
      />
      <Field
        label={t('agents.offer.minActiveMembers')}
        value={row.members}
        onValue={(value) => onEdit('members', value)}
        problem={problemOf('members')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
      />
      {rateField(
        'rate',
        t(realtime ? 'agents.offer.rateOnBets' : 'agents.offer.rateBps'),
        dividend ? 'agents.offer.percentOfLoss' : 'agents.offer.percent',
      )}
      {realtime && (
        <>
          {rateField('loss', t('agents.offer.lossRateBps'), 'agents.offer.percent', t('agents.offer.extraRateHint'))}
          {rateField('win', t('agents.offer.profitRateBps'), 'agents.offer.percent', t('agents.offer.extraRateHint'))}
        </>
      )}
      {removable && (
        <button
          type="button"
          className="cs-button secondary small cs-agents-remove"
          aria-label={t('agents.offer.removeLabel', { n: String(n + 1) })}
          onClick={onRemove}
        >
          {t('agents.offer.remove')}
        </button>
      )}
    </fieldset>
  );
}
