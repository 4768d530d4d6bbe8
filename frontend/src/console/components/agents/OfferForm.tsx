// The merchant's offer to a first-level agent (agents.manage): its kind (daily or hourly salary, or dividend,
// among those the brand's switches offer), a dividend's cycle (chosen, never defaulted), then one to ten
// tiers, each a minimum valid bet (a decimal string, never a float), a minimum of active members and a rate
// in basis points with its % beside (of the valid bet for a salary, of the team's net loss for a dividend).
// Checked here first, then by the server, whose field errors land on their rows. The agent accepts or
// rejects the offer in its agent centre; the page then reads the agent again.
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type AgentRow, CONTRACT_KINDS, type ContractKind, type Cycle, DIVIDEND, offerContract } from '../../agentsApi';
import { isSessionProblem } from '../../api';
import { readBrand } from '../../brandApi';
import { BRAND_READ, can } from '../../permissions';
import { meAtom } from '../../store';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { CycleChoice, KindChoice } from './OfferChoices';
import {
  agentsProblem,
  checkTiers,
  hasProblems,
  isStale,
  MAX_RATE_BPS,
  MAX_TIERS,
  offeredKinds,
  serverProblems,
  type TierDraft,
  type TierField,
  type TierProblems,
  tiersOf,
  typedPercent,
} from './rules';

// The kinds the brand's switches offer, read from its settings with brand.read; without it (or when they
// cannot be read) every kind is offered and the server refuses one switched off (MODULE_DISABLED). null:
// being read.
function useOfferedKinds(): ContractKind[] | null {
  const mayRead = can(useAtomValue(meAtom)?.permissions, BRAND_READ);
  const [kinds, setKinds] = useState<ContractKind[] | null>(mayRead ? null : CONTRACT_KINDS);
  useEffect(() => {
    if (!mayRead) return;
    let live = true;
    readBrand().then(
      (brand) => live && setKinds(offeredKinds(brand.switches)),
      () => live && setKinds(CONTRACT_KINDS),
    );
    return () => {
      live = false;
    };
  }, [mayRead]);
  return kinds;
}

let nextKey = 0;
const blankRow = (): TierDraft => ({ key: ++nextKey, bet: '0.00', members: '1', rate: '' });

export function OfferForm({
  agent,
  pending,
  onOffered,
  onStale,
}: {
  agent: AgentRow;
  pending: readonly string[]; // the kinds of the merchant's offers already waiting for the agent
  onOffered: () => Promise<void>;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState<TierDraft[]>(() => [blankRow()]);
  const [problems, setProblems] = useState<TierProblems>([{}]);
  const [formProblems, setFormProblems] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const kinds = useOfferedKinds();
  const [picked, setPicked] = useState<ContractKind | null>(null);
  // A kind switched off meanwhile is out: the first one still offered stands in.
  const kind = kinds && (picked !== null && kinds.includes(picked) ? picked : kinds[0]);
  const dividend = kind === DIVIDEND;
  const [cycle, setCycle] = useState<Cycle | ''>('');
  const [cycleProblem, setCycleProblem] = useState(false);

  // After a refused submit, the first field named wrong takes the focus.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const edit = (n: number, field: TierField, value: string) => {
    setRows((old) => old.map((row, i) => (i === n ? { ...row, [field]: value } : row)));
    setProblems((old) => old.map((row, i) => (i === n ? { ...row, [field]: undefined } : row)));
    setDone(null);
  };

  const add = () => {
    setRows((old) => (old.length < MAX_TIERS ? [...old, blankRow()] : old));
    setProblems((old) => [...old, {}]);
    setFormProblems([]);
  };

  const remove = (n: number) => {
    setRows((old) => old.filter((_, i) => i !== n));
    setProblems((old) => old.filter((_, i) => i !== n));
    setFormProblems([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !kind) return;
    setDone(null);
    setProblem(null);
    setFormProblems([]);
    const checked = checkTiers(rows);
    setProblems(checked);
    const noCycle = dividend && cycle === '';
    setCycleProblem(noCycle);
    if (hasProblems(checked) || noCycle) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await offerContract(agent.id, kind, tiersOf(rows), dividend && cycle !== '' ? cycle : null);
      setRows([blankRow()]);
      setProblems([{}]);
      setCycle('');
      setDone(t('agents.offer.done', { username: agent.username }));
      await onOffered();
    } catch (error) {
      if (isSessionProblem(error)) return;
      const placed = serverProblems(error, rows.length);
      setProblems(placed.rows);
      // The server's word on the cycle lands on its select.
      setCycleProblem(placed.form.includes('cycle'));
      setFormProblems(placed.form.filter((key) => key !== 'cycle'));
      setProblem(agentsProblem(t, error));
      setAttempt((n) => n + 1);
      if (isStale(error)) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cs-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('agents.offer.title')}</h2>
      <p className="cs-lead">{t('agents.offer.intro', { username: agent.username })}</p>
      {kind && pending.includes(kind) && <p className="cs-notice">{t('agents.offer.pending', { username: agent.username })}</p>}
      {kinds?.length === 0 && <p className="cs-notice">{t('agents.offer.noKinds')}</p>}
      <form
        ref={formRef}
        className="cs-form cs-agents-offer"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        {kind && (
          <KindChoice
            kinds={kinds ?? []}
            kind={kind}
            onKind={(k) => {
              setPicked(k);
              setDone(null);
              setProblem(null);
              setCycleProblem(false);
            }}
          />
        )}
        {dividend && (
          <>
            <CycleChoice
              cycle={cycle}
              problem={cycleProblem}
              onCycle={(c) => {
                setCycle(c);
                setCycleProblem(false);
                setDone(null);
              }}
            />
            <p className="cs-notice" data-testid="dividend-hint">
              {t('agents.offer.dividendHint')}
            </p>
          </>
        )}
        {rows.map((row, n) => {
          const legend = t('agents.offer.tier', { n: String(n + 1) });
          const shown = typedPercent(row.rate);
          const problemOf = (field: TierField) =>
            problems[n]?.[field] ? t(`agents.offer.problems.${field}`, { max: String(MAX_RATE_BPS) }) : null;
          return (
            <fieldset key={row.key} className="cs-agents-tier" data-tier={n + 1}>
              <legend>{legend}</legend>
              <Field
                label={t('agents.offer.minValidBet')}
                value={row.bet}
                onValue={(value) => edit(n, 'bet', value)}
                problem={problemOf('bet')}
                inputMode="decimal"
                autoComplete="off"
                maxLength={15}
              />
              <Field
                label={t('agents.offer.minActiveMembers')}
                value={row.members}
                onValue={(value) => edit(n, 'members', value)}
                problem={problemOf('members')}
                inputMode="numeric"
                autoComplete="off"
                maxLength={7}
              />
              <Field
                label={t('agents.offer.rateBps')}
                value={row.rate}
                onValue={(value) => edit(n, 'rate', value)}
                problem={problemOf('rate')}
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                after={
                  <span className="cs-agents-percent" data-testid="tier-percent" aria-live="polite">
                    {shown === null
                      ? ''
                      : t(dividend ? 'agents.offer.percentOfLoss' : 'agents.offer.percent', {
                          rate: t('agents.rate', { rate: shown }),
                        })}
                  </span>
                }
              />
              {rows.length > 1 && (
                <button
                  type="button"
                  className="cs-button secondary small cs-agents-remove"
                  aria-label={t('agents.offer.removeLabel', { n: String(n + 1) })}
                  onClick={() => remove(n)}
                >
                  {t('agents.offer.remove')}
                </button>
              )}
            </fieldset>
          );
        })}
        <p className="cs-field-hint">{t('agents.offer.hint', { max: String(MAX_TIERS) })}</p>
        {formProblems.map((key) => (
          <Problem key={key}>{t(`agents.offer.formProblems.${key}`)}</Problem>
        ))}
        <Problem>{problem}</Problem>
        {done && (
          <p className="cs-success" role="status">
            {done}
          </p>
        )}
        <div className="cs-actions">
          <button type="button" className="cs-button secondary" disabled={rows.length >= MAX_TIERS} onClick={add}>
            {t('agents.offer.add')}
          </button>
          <button type="submit" className="cs-button primary" disabled={busy || !kind} aria-busy={busy || undefined}>
            {t('agents.offer.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
