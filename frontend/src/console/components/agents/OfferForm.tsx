// The merchant's offer to a first-level agent (agents.manage): its kind (daily, hourly or real-time salary, or
// dividend, among those the brand's switches offer), a dividend's cycle (chosen, never defaulted), then one to
// ten tiers, each a minimum valid bet (a decimal string, never a float), a minimum of active members and a rate
// in basis points with its % beside (of the valid bet for a salary, of the team's net loss for a dividend). A
// real-time salary has one tier only, with rates on members' losses and wins besides, sent for it alone:
// choosing another kind drops them, choosing it drops the tiers past the first.
// Checked here first, then by the server, whose field errors land on their rows. The agent accepts or
// rejects the offer in its agent centre; the page then reads the agent again.
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import {
  type AgentRow,
  CONTRACT_KINDS,
  type ContractKind,
  type Cycle,
  DIVIDEND,
  offerContract,
  REALTIME_SALARY,
} from '../../agentsApi';
import { isSessionProblem } from '../../api';
import { readBrand } from '../../brandApi';
import { BRAND_READ, can } from '../../permissions';
import { meAtom } from '../../store';
import { Problem } from '../Problem';
import { CycleChoice, KindChoice } from './OfferChoices';
import { OfferTier } from './OfferTier';
import {
  agentsProblem,
  checkTiers,
  hasProblems,
  isStale,
  MAX_TIERS,
  maxTiers,
  offeredKinds,
  serverProblems,
  type TierDraft,
  type TierField,
  type TierProblems,
  tiersOf,
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
const blankRow = (): TierDraft => ({ key: ++nextKey, bet: '0.00', members: '1', rate: '', loss: '', win: '' });

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
  const realtime = kind === REALTIME_SALARY;
  const most = maxTiers(kind);
  // A real-time salary's one tier (the rows past it are dropped when it is chosen).
  const shown = rows.slice(0, most);
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
    setRows((old) => (old.length < most ? [...old, blankRow()] : old));
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
    const checked = checkTiers(shown, realtime);
    setProblems(checked);
    const noCycle = dividend && cycle === '';
    setCycleProblem(noCycle);
    if (hasProblems(checked) || noCycle) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await offerContract(agent.id, kind, tiersOf(shown, realtime), dividend && cycle !== '' ? cycle : null);
      setRows([blankRow()]);
      setProblems([{}]);
      setCycle('');
      setDone(t('agents.offer.done', { username: agent.username }));
      await onOffered();
    } catch (error) {
      if (isSessionProblem(error)) return;
      const placed = serverProblems(error, shown.length);
      setProblems(placed.rows);
      // The server's word on the cycle lands on its select.
      setCycleProblem(placed.form.includes('cycle'));
      // A real-time salary's count is one tier, not one to ten.
      setFormProblems(placed.form.filter((key) => key !== 'cycle').map((key) => (realtime && key === 'count' ? 'countOne' : key)));
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
              // The rates on losses and wins are a real-time salary's alone, as is its single tier.
              const toRealtime = k === REALTIME_SALARY;
              setRows((old) => (toRealtime ? old.slice(0, 1) : old.map((row) => ({ ...row, loss: '', win: '' }))));
              setProblems((old) => (toRealtime ? old.slice(0, 1) : old.map((row) => ({ ...row, loss: undefined, win: undefined }))));
              setFormProblems([]);
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
        {realtime && (
          <p className="cs-notice" data-testid="realtime-hint">
            {t('agents.offer.realtimeHint')}
          </p>
        )}
        {shown.map((row, n) => (
          <OfferTier
            key={row.key}
            row={row}
            n={n}
            problems={problems[n]}
            dividend={dividend}
            realtime={realtime}
            removable={shown.length > 1}
            onEdit={(field, value) => edit(n, field, value)}
            onRemove={() => remove(n)}
          />
        ))}
        <p className="cs-field-hint">
          {realtime ? t('agents.offer.realtimeTierHint') : t('agents.offer.hint', { max: String(MAX_TIERS) })}
        </p>
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
          {!realtime && (
            <button type="button" className="cs-button secondary" disabled={rows.length >= most} onClick={add}>
              {t('agents.offer.add')}
            </button>
          )}
          <button type="submit" className="cs-button primary" disabled={busy || !kind} aria-busy={busy || undefined}>
            {t('agents.offer.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
