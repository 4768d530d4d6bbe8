// The offer form's choices above its tiers: the kind (among those the brand's switches offer) and, for a
// dividend, its cycle. The cycle starts unchosen: a dividend's period is a decision of its own, not a default
// taken by accident, and the form refuses to send one without it.
import { useId } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type ContractKind, type Cycle, CYCLES } from '../../agentsApi';
import { isCycle } from './rules';

export function KindChoice({
  kinds,
  kind,
  onKind,
}: {
  kinds: readonly ContractKind[];
  kind: ContractKind;
  onKind: (kind: ContractKind) => void;
}) {
  const { t } = useTranslation();
  const label = (k: ContractKind) => t(`agents.kinds.${k}`);
  if (kinds.length === 1) {
    return (
      <p className="cs-muted" data-testid="offer-kind">
        {t('agents.offer.kindOnly', { kind: label(kind) })}
      </p>
    );
  }
  return (
    <fieldset className="cs-choices">
      <legend>{t('agents.offer.kind')}</legend>
      {kinds.map((k) => (
        <label key={k}>
          <input type="radio" name="cs-agents-offer-kind" value={k} checked={k === kind} onChange={() => onKind(k)} />
          {label(k)}
        </label>
      ))}
    </fieldset>
  );
}

// '' while nothing is chosen.
export function CycleChoice({
  cycle,
  onCycle,
  problem,
}: {
  cycle: Cycle | '';
  onCycle: (cycle: Cycle) => void;
  problem: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`cs-field cs-agents-cycle${problem ? ' has-problem' : ''}`}>
      <label htmlFor={id}>{t('agents.offer.cycle')}</label>
      <select
        id={id}
        value={cycle}
        required
        aria-invalid={problem || undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => {
          if (isCycle(event.target.value)) onCycle(event.target.value);
        }}
      >
        <option value="" disabled>
          {t('agents.offer.chooseCycle')}
        </option>
        {CYCLES.map((c) => (
          <option key={c} value={c}>
            {t(`agents.cycleOptions.${c}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-message`} className={problem ? 'cs-field-problem' : 'cs-field-hint'}>
        {t(problem ? 'agents.offer.problems.cycle' : 'agents.offer.cycleHint')}
      </p>
    </div>
  );
}
