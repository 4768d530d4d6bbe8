import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import type { FieldProblem } from '../../../lib/formFields';
import { agentApi, type Contract, PLAYER_TYPE, type TeamMember } from '../api';
import { bpsPercent, MAX_TIERS } from '../figures';
import {
  type ContractKind, type Cycle, CYCLES, EMPTY_TIER, EXTRA_RATES, extraRateOf, offerBody, offeredKindsAtom, offerRefusal,
  type OfferRefusal, oneTierOnly, ownCycle, rateOf, type TierField, tierProblems, type TierRow, uplineLimit,
} from '../offerForm';

// One page of direct members is enough to find the sub-agents: a level holds at most this many here.
const MEMBERS_ASKED = 100;

function Percent({ bps }: { bps: number | null }) {
  const { t } = useTranslation();
  return (
    <span className="ac-rate-percent" data-testid="agent-rate-percent">
      {bps === null ? '' : t('agentCentre.contracts.percent', { rate: bpsPercent(bps) })}
    </span>
  );
}

function TierFields({ n, row, problems, onChange, onRemove, extraRates }: {
  n: number;
  row: TierRow;
  problems: Partial<Record<TierField, FieldProblem>>;
  onChange: (field: TierField, value: string) => void;
  onRemove: (() => void) | null;
  extraRates: boolean; // a real-time salary's rates on members' losses and wins
}) {
  const { t } = useTranslation();
  const rate = rateOf(row.rateBps);
  return (
    <fieldset className="ac-tier" data-testid="agent-tier">
      <legend>{t('agentCentre.offer.tierN', { n })}</legend>
      <FormField label={t('agentCentre.contracts.minValidBet')} value={row.minValidBet} inputMode="decimal" autoComplete="off"
        onValue={(v) => onChange('minValidBet', v)} problem={problems.minValidBet ?? null} />
      <FormField label={t('agentCentre.contracts.minActiveMembers')} value={row.minActiveMembers} inputMode="numeric"
        autoComplete="off" onValue={(v) => onChange('minActiveMembers', v)} problem={problems.minActiveMembers ?? null} />
      <FormField label={t('agentCentre.offer.rateBps')} value={row.rateBps} inputMode="numeric" autoComplete="off"
        onValue={(v) => onChange('rateBps', v)} problem={problems.rateBps ?? null} after={<Percent bps={rate} />} />
      {extraRates && EXTRA_RATES.map((field) => (
        <FormField key={field} label={t(`agentCentre.offer.${field}`)} value={row[field]} inputMode="numeric" autoComplete="off"
          onValue={(v) => onChange(field, v)} problem={problems[field] ?? null}
          after={<Percent bps={row[field].trim() === '' ? null : extraRateOf(row[field])} />} />
      ))}
      {onRemove && (
        <button type="button" className="link-button" onClick={onRemove}>{t('agentCentre.offer.removeTier', { n })}</button>
      )}
    </fieldset>
  );
}

// The kind of contract, among those the brand's switches offer (with one, it is named, not chosen), and the
// most this agent may offer of it: its own contract of that kind in force, as the page last read it.
function KindChooser({ kinds, kind, mine, onKind }: {
  kinds: readonly ContractKind[];
  kind: ContractKind;
  mine: readonly Contract[] | null;
  onKind: (kind: ContractKind) => void;
}) {
  const { t } = useTranslation();
  const label = (k: ContractKind) => t(`agentCentre.contracts.kinds.${k}`);
  const limit = mine && uplineLimit(mine, kind);
  return (
    <div className="form-field">
      {kinds.length > 1 ? (
        <div className="ac-chips" role="group" aria-label={t('agentCentre.offer.kind')}>
          {kinds.map((k) => (
            <button key={k} type="button" className={k === kind ? 'ac-chip active' : 'ac-chip'} aria-pressed={k === kind}
              onClick={() => onKind(k)}>
              {label(k)}
            </button>
          ))}
        </div>
      ) : (
        <p data-testid="agent-offer-kind">{t('agentCentre.offer.kindOnly', { kind: label(kind) })}</p>
      )}
      {mine && (
        <p className="form-hint" data-testid="agent-offer-limit">
          {t(limit ? 'agentCentre.offer.limit' : 'agentCentre.offer.limitNone', { kind: label(kind), rate: bpsPercent(limit ?? 0) })}
        </p>
      )}
    </div>
  );
}

// A dividend's cycle: the agent's own dividend's, named (the server takes no other); chosen only while the
// agent's own contracts are not read yet or it holds none (the offer is then refused for the rate anyway).
function CycleField({ fixed, cycle, onCycle }: { fixed: Cycle | null; cycle: Cycle; onCycle: (cycle: Cycle) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const name = (c: Cycle) => t(`agentCentre.contracts.cycles.${c}`);
  return (
    <div className="form-field">
      {fixed ? (
        <p data-testid="agent-offer-cycle">{t('agentCentre.offer.cycleOwn', { cycle: name(fixed) })}</p>
      ) : (
        <>
          <label htmlFor={id}>{t('agentCentre.offer.cycle')}</label>
          <select id={id} value={cycle} onChange={(e) => onCycle(e.target.value as Cycle)}>
            {CYCLES.map((c) => <option key={c} value={c}>{name(c)}</option>)}
          </select>
        </>
      )}
      <p className="form-hint">{t('agentCentre.offer.dividendHint')}</p>
    </div>
  );
}

// "Offer a contract" of a kind the brand offers to one of the agent's direct sub-agents, with 1 to 10 tiers.
// `mine`: the contracts offered to this agent (null while they are read), whose one in force sets the limit.
export function OfferContractForm({ onOffered, mine }: { onOffered: () => void; mine: readonly Contract[] | null }) {
  const { t } = useTranslation();
  const memberId = useId();
  const kinds = useAtomValue(offeredKindsAtom);
  const [picked, setPicked] = useState<ContractKind | null>(null);
  const [chosenCycle, setChosenCycle] = useState<Cycle>('WEEKLY');
  // A switch turned off meanwhile takes its kind out: the first one still offered is shown instead.
  const kind = picked !== null && kinds.includes(picked) ? picked : kinds[0];
  const [agents, setAgents] = useState<TeamMember[] | null>(null);
  const [member, setMember] = useState('');
  const [rows, setRows] = useState<TierRow[]>([EMPTY_TIER]);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<OfferRefusal>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    agentApi.members({ level: 1, pageNum: 1, pageSize: MEMBERS_ASKED }).then(
      (page) => live && setAgents(page.list.filter((m) => m.type !== PLAYER_TYPE)),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [t]);
  const fixedCycle = mine ? ownCycle(mine) : null;
  const cycle = fixedCycle ?? chosenCycle;
  const single = oneTierOnly(kind);
  const shown = single ? rows.slice(0, 1) : rows;
  const local = shown.map((row) => tierProblems(row, kind));
  const invalid = member === '' || local.some((p) => Object.keys(p).length > 0);
  const change = (index: number) => (field: TierField, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setRefusal(({ tiers, ...rest }) => ({ ...rest, tiers: { ...tiers, [index]: { ...tiers?.[index], [field]: undefined } } }));
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setRefusal({});
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    setDone(null);
    if (invalid || busy || kind === undefined) return;
    setRefusal({});
    setBusy(true);
    try {
      const made = await agentApi.offerContract(offerBody(Number(member), kind, shown, cycle));
      setDone(t('agentCentre.offer.done', { username: made.downline }));
      setRows([EMPTY_TIER]);
      setMember('');
      setSubmitted(false);
      setRefusal({});
      onOffered();
    } catch (failure) {
      const placed = offerRefusal(failure);
      if (placed) setRefusal(placed);
      else setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  if (kind === undefined) return <p className="empty-state">{t('agentCentre.offer.noKinds')}</p>;
  if (agents && agents.length === 0) return <p className="empty-state">{t('agentCentre.offer.noSubAgents')}</p>;
  const memberProblem = refusal.member ?? (submitted && member === '' ? { key: 'account.errors.required' } : null);
  return (
    <form className="mc-form ac-offer" onSubmit={(e) => void submit(e)} noValidate data-testid="agent-offer">
      <KindChooser kinds={kinds} kind={kind} mine={mine} onKind={(k) => {
        setPicked(k);
        setRefusal(({ form: _, ...rest }) => rest);
        setDone(null);
      }} />
      {kind === 'DIVIDEND' && <CycleField fixed={fixedCycle} cycle={cycle} onCycle={setChosenCycle} />}
      <div className={memberProblem ? 'form-field has-error' : 'form-field'}>
        <label htmlFor={memberId}>{t('agentCentre.offer.member')}</label>
        <select id={memberId} value={member} onChange={(e) => { setMember(e.target.value); setRefusal(({ member: _, ...rest }) => rest); }}>
          <option value="">{t('agentCentre.offer.chooseMember')}</option>
          {(agents ?? []).map((a) => <option key={a.id} value={a.id}>{a.nickname ? `${a.username} (${a.nickname})` : a.username}</option>)}
        </select>
        {memberProblem && <p className="form-error" role="alert">{t(memberProblem.key, memberProblem.values)}</p>}
      </div>
      {kind === 'REALTIME_SALARY' && <p className="form-hint">{t('agentCentre.offer.realtimeHint')}</p>}
      {shown.map((row, i) => (
        <TierFields key={i} n={i + 1} row={row} onChange={change(i)} onRemove={shown.length > 1 ? () => remove(i) : null}
          extraRates={single} problems={{ ...(submitted ? local[i] : {}), ...definedOnly(refusal.tiers?.[i]) }} />
      ))}
      {!single && rows.length < MAX_TIERS && (
        <button type="button" className="button button-ghost button-small" onClick={() => setRows((r) => [...r, EMPTY_TIER])}>
          {t('agentCentre.offer.addTier')}
        </button>
      )}
      <p className="form-hint">{t('agentCentre.offer.hint')}</p>
      {refusal.form && <p className="form-error" role="alert">{t(refusal.form.key, refusal.form.values)}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      {done && <p className="notice" role="status">{done}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>{t('agentCentre.offer.submit')}</button>
      </div>
    </form>
  );
}

function definedOnly<T extends object>(problems: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(problems ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
