// The red-envelope rains (Promotions, tab "Mini-games"): each rain's daily time, how long it rains, its budget
// and envelopes, the smallest envelope, the wagering on what is grabbed and how many grabs a member may make
// (one flat limit, or one per VIP level). promotions.write adds and changes rains and starts a one-off
// session; a reader sees the same, read-only. Under the list, the chosen rain's sessions and the one watched.
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';
import { Field } from '../components/Field';
import { Loading, Problem, ReadFailed } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { useLatestRead } from '../components/useLatestRead';
import { addRain, changeRain, LIMIT_MODES, type LimitMode, listRains, NAME_MAX, type Rain, startSession } from '../miniGamesApi';
import { fromLocalInput, localInput, type RainForm, rainForm, rainRequest, textIn } from '../miniGamesRules';
import { Check, LanguageFields, sendMarked } from './LoyaltyCommon';
import { miniGamesProblem, useFieldProblems, useMiniGameChange } from './MiniGamesCommon';
import { SessionHistory, SessionWatch } from './MiniGamesSessions';

type Editing = { rain?: Rain } | null;

// "3 per member" or "By VIP level: 0 → 1, 3 → 5".
function limitText(t: ReturnType<typeof useTranslation>['t'], rain: Rain): string {
  if (rain.limitMode === 'FLAT') return t('miniGames.rains.flatLimitText', { n: String(rain.flatLimit) });
  const levels = Object.entries(rain.vipLimits)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([level, grabs]) => `${level} → ${grabs}`)
    .join(', ');
  return t('miniGames.rains.vipLimitText', { levels });
}

export function RainsSection({ write }: { write: boolean }) {
  const { t, i18n } = useTranslation();
  const { value: rains, readProblem, load } = useLatestRead(listRains);
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [history, setHistory] = useState<Rain | null>(null);
  const [starting, setStarting] = useState<Rain | null>(null);
  const [watching, setWatching] = useState<number | null>(null);
  // Bumped after a session is started: the history reads its first page again.
  const [historyRound, setHistoryRound] = useState(0);

  const nameOf = (rain: Rain) => textIn(rain.name, i18n.language) || `#${rain.id}`;
  const start = (next: Editing) => {
    setSaid(null);
    setEditing(next);
  };

  return (
    <section className="cs-panel cs-content-stack" aria-labelledby="cs-minigames-rains" data-testid="minigames-rains">
      <h2 id="cs-minigames-rains">{t('miniGames.rains.title')}</h2>
      <p className="cs-muted">{t('miniGames.rains.intro')}</p>
      {said && (
        <p className="cs-success" role="status">
          {said}
        </p>
      )}
      {write && editing === null && (
        <div className="cs-actions">
          <button type="button" className="cs-button primary" onClick={() => start({})}>
            {t('miniGames.rains.add')}
          </button>
        </div>
      )}
      {write && editing !== null && (
        <RainEditor
          key={editing.rain?.id ?? 'new'}
          rain={editing.rain}
          title={editing.rain ? t('miniGames.rains.editTitle', { name: nameOf(editing.rain) }) : t('miniGames.rains.add')}
          reload={load}
          onSaved={() => {
            setSaid(t(editing.rain ? 'miniGames.rains.changed' : 'miniGames.rains.added'));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {write && starting !== null && (
        <StartSession
          key={starting.id}
          rain={starting}
          name={nameOf(starting)}
          onStarted={(sessionId) => {
            setSaid(t('miniGames.sessions.started'));
            setStarting(null);
            setHistory(starting);
            setHistoryRound((n) => n + 1);
            setWatching(sessionId);
          }}
          onCancel={() => setStarting(null)}
        />
      )}
      {readProblem !== null && <ReadFailed text={miniGamesProblem(t, readProblem)} retry={() => void load()} />}
      {rains === null ? (
        readProblem === null && <Loading />
      ) : rains.length === 0 ? (
        <p className="cs-muted">{t('miniGames.rains.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table">
            <caption className="visually-hidden">{t('miniGames.rains.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('miniGames.rains.columns.name')}</th>
                <th scope="col">{t('miniGames.rains.columns.dailyAt')}</th>
                <th scope="col">{t('miniGames.rains.columns.duration')}</th>
                <th scope="col">{t('miniGames.rains.columns.budget')}</th>
                <th scope="col">{t('miniGames.rains.columns.envelopes')}</th>
                <th scope="col">{t('miniGames.rains.columns.limit')}</th>
                <th scope="col">{t('miniGames.rains.columns.enabled')}</th>
                <th scope="col">{t('miniGames.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rains.map((rain) => {
                const name = nameOf(rain);
                return (
                  <tr key={rain.id} data-rain={rain.id}>
                    <td data-label={t('miniGames.rains.columns.name')}>
                      <span className="cs-content-title">{name}</span>
                    </td>
                    <td data-label={t('miniGames.rains.columns.dailyAt')}>{rain.dailyAt}</td>
                    <td data-label={t('miniGames.rains.columns.duration')}>
                      {t('miniGames.rains.seconds', { n: String(rain.durationSeconds) })}
                    </td>
                    <td data-label={t('miniGames.rains.columns.budget')} className="cs-amount">
                      {formatMoney(rain.budget)}
                    </td>
                    <td data-label={t('miniGames.rains.columns.envelopes')} className="cs-amount">
                      {rain.envelopes}
                      <span className="cs-muted cs-promo-line">{t('miniGames.rains.minText', { amount: formatMoney(rain.minAmount) })}</span>
                    </td>
                    <td data-label={t('miniGames.rains.columns.limit')}>{limitText(t, rain)}</td>
                    <td data-label={t('miniGames.rains.columns.enabled')}>
                      <span className={`cs-badge cs-promo-state is-${rain.enabled ? 'running' : 'ended'}`}>
                        {t(rain.enabled ? 'miniGames.on' : 'miniGames.off')}
                      </span>
                    </td>
                    <td data-label={t('miniGames.columns.actions')} className="cs-row-actions">
                      {write && (
                        <button
                          type="button"
                          className="cs-button secondary small"
                          aria-label={t('miniGames.rains.editLabel', { name })}
                          onClick={() => start({ rain })}
                        >
                          {t('miniGames.edit')}
                        </button>
                      )}
                      {write && (
                        <button
                          type="button"
                          className="cs-button secondary small"
                          aria-label={t('miniGames.sessions.startLabel', { name })}
                          onClick={() => {
                            setSaid(null);
                            setStarting(rain);
                          }}
                        >
                          {t('miniGames.sessions.start')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="cs-button secondary small"
                        aria-label={t('miniGames.sessions.historyLabel', { name })}
                        aria-pressed={history?.id === rain.id}
                        onClick={() => setHistory(history?.id === rain.id ? null : rain)}
                      >
                        {t('miniGames.sessions.history')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {watching !== null && <SessionWatch key={watching} sessionId={watching} onClose={() => setWatching(null)} />}
      {history !== null && (
        <SessionHistory
          key={`${history.id}-${historyRound}`}
          rainId={history.id}
          name={nameOf(history)}
          watching={watching}
          onWatch={setWatching}
        />
      )}
    </section>
  );
}

interface EditorProps {
  rain?: Rain; // absent: a new one
  title: string;
  reload: () => Promise<void>;
  onSaved: () => void;
  onCancel: () => void;
}

export function RainEditor({ rain, title, reload, onSaved, onCancel }: EditorProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RainForm>(() => rainForm(rain));
  const { setShown, problemOf, clear } = useFieldProblems();
  const { busy, problem, setProblem, run } = useMiniGameChange(reload);

  const edit = <K extends keyof RainForm>(key: K, ...fields: string[]) => (value: RainForm[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    clear(String(key), ...fields);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const checked = rainRequest(form);
    if ('problems' in checked) {
      setShown(checked.problems);
      return;
    }
    setShown({});
    const send = () => (rain ? changeRain(rain.id, checked.body) : addRain(checked.body));
    if (await run(() => sendMarked(send, setShown))) onSaved();
  };

  const field = (
    key: 'dailyAt' | 'durationSeconds' | 'budget' | 'envelopes' | 'minAmount' | 'wagerMultiple' | 'flatLimit',
    inputMode: 'decimal' | 'numeric',
    extra: string[] = [],
  ) => (
    <Field
      label={t(`miniGames.rains.form.${key}`)}
      hint={t(`miniGames.rains.form.${key}Hint`)}
      value={form[key]}
      onValue={edit(key, ...extra)}
      problem={problemOf(key)}
      inputMode={inputMode}
      autoComplete="off"
    />
  );

  return (
    <form className="cs-panel cs-form cs-content-editor cs-promo-editor" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <div className="cs-content-grid">
        {field('dailyAt', 'numeric')}
        {field('durationSeconds', 'numeric')}
        {field('budget', 'decimal')}
        {field('envelopes', 'numeric', ['budget'])}
        {field('minAmount', 'decimal', ['budget'])}
        {field('wagerMultiple', 'numeric')}
        <Choice<LimitMode>
          label={t('miniGames.rains.form.limitMode')}
          value={form.limitMode}
          options={LIMIT_MODES}
          name={(mode) => t(`miniGames.rains.limitModes.${mode}`)}
          onPick={edit('limitMode', 'flatLimit', 'vipLimits')}
          problem={problemOf('limitMode')}
        />
        {form.limitMode === 'FLAT' && field('flatLimit', 'numeric')}
      </div>
      {form.limitMode === 'VIP' && (
        <fieldset className="cs-promo-rewards" data-field="vipLimits">
          <legend>{t('miniGames.rains.form.vipLimits')}</legend>
          <p className="cs-field-hint">{t('miniGames.rains.form.vipLimitsHint')}</p>
          {problemOf('vipLimits') && <p className="cs-field-problem">{problemOf('vipLimits')}</p>}
          <div className="cs-promo-weight-grid">
            {Object.keys(form.vipLimits).map((level) => (
              <Field
                key={level}
                label={t('miniGames.rains.form.level', { level })}
                value={form.vipLimits[level] ?? ''}
                onValue={(value) => edit('vipLimits', `vipLimits.${level}`)({ ...form.vipLimits, [level]: value })}
                problem={problemOf(`vipLimits.${level}`)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
              />
            ))}
          </div>
        </fieldset>
      )}
      <Check
        label={t('miniGames.rains.form.enabled')}
        hint={t('miniGames.rains.form.enabledHint')}
        checked={form.enabled}
        onChange={edit('enabled')}
        problem={problemOf('enabled')}
      />
      <LanguageFields
        legend={t('miniGames.form.names')}
        hint={t('miniGames.form.namesHint')}
        label={(language) => t('miniGames.form.nameIn', { language })}
        field="name"
        texts={form.name}
        onChange={(name, language) => edit('name', `name.${language}`)(name)}
        problemOf={problemOf}
        maxLength={NAME_MAX}
      />
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('miniGames.rains.form.save')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('miniGames.cancel')}
        </button>
      </div>
    </form>
  );
}

// One session of the rain outside its daily time: now (the default) or at a time to come.
function StartSession({
  rain,
  name,
  onStarted,
  onCancel,
}: {
  rain: Rain;
  name: string;
  onStarted: (sessionId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(true);
  const [at, setAt] = useState(() => localInput(Date.now() + 10 * 60_000));
  const [atProblem, setAtProblem] = useState<string | null>(null);
  const { setShown, problemOf } = useFieldProblems();
  const { busy, problem, setProblem, run } = useMiniGameChange(async () => undefined);
  const title = t('miniGames.sessions.startTitle', { name });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setAtProblem(null);
    // "Now" is this clock's now: the server allows a minute of lag and starts it at its own now.
    let startsAt = Date.now();
    if (!now) {
      const chosen = fromLocalInput(at);
      if (chosen === null || chosen < Date.now()) {
        setAtProblem(t(chosen === null ? 'miniGames.problems.required' : 'miniGames.problems.future'));
        return;
      }
      startsAt = chosen;
    }
    let started: number | null = null;
    const ok = await run(() =>
      sendMarked(async () => {
        started = (await startSession(rain.id, startsAt)).id;
      }, setShown),
    );
    if (ok && started !== null) onStarted(started);
  };

  return (
    <form className="cs-panel cs-form cs-content-editor" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <p className="cs-muted">{t('miniGames.sessions.startIntro')}</p>
      <Check label={t('miniGames.sessions.now')} checked={now} onChange={setNow} />
      {!now && (
        <Field
          label={t('miniGames.sessions.startsAt')}
          type="datetime-local"
          value={at}
          onValue={setAt}
          problem={atProblem ?? problemOf('startsAt')}
        />
      )}
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('miniGames.sessions.startConfirm')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('miniGames.cancel')}
        </button>
      </div>
    </form>
  );
}
