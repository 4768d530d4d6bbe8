// The prize games (Promotions, tab "Mini-games"): the lucky wheel and the golden egg, each with its prize
// table (bonus money with a wagering multiple, points, raffle tickets or nothing, each with its label per
// language and its probability in percent), how members earn plays (per deposit, per turnover, per daily
// check-in), and the expected cost per play the server reckons. The form sums the probabilities as they are
// typed: Save waits until they make exactly 100 %. It also previews the money prizes' cost per play; the
// server's figure (points counted at the brand's points-to-money ratio) is the one shown once saved.
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';
import { Field } from '../components/Field';
import { Loading, Problem, ReadFailed } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { useLatestRead } from '../components/useLatestRead';
import {
  addGame,
  changeGame,
  type Game,
  GAME_KINDS,
  type GameKind,
  LABEL_MAX,
  listGames,
  NAME_MAX,
  PRIZE_KINDS,
  type PrizeKind,
  PRIZES_MAX,
  PRIZES_MIN,
} from '../miniGamesApi';
import {
  type GameForm,
  gameForm,
  gameRequest,
  moneyCostPreview,
  PPM,
  ppmPercent,
  probabilitySum,
  type PrizeForm,
  prizeForm,
  textIn,
} from '../miniGamesRules';
import { Check, LanguageFields, sendMarked } from './LoyaltyCommon';
import { miniGamesProblem, useFieldProblems, useMiniGameChange } from './MiniGamesCommon';

type Editing = { game?: Game } | null;

export function GamesSection({ write }: { write: boolean }) {
  const { t, i18n } = useTranslation();
  const { value: games, readProblem, load } = useLatestRead(listGames);
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState<string | null>(null);

  const nameOf = (game: Game) => textIn(game.name, i18n.language) || `#${game.id}`;
  const start = (next: Editing) => {
    setSaid(null);
    setEditing(next);
  };
  const earnText = (game: Game) =>
    [
      game.earn.perDeposit && t('miniGames.games.earnDeposit', { amount: formatMoney(game.earn.perDeposit) }),
      game.earn.perTurnover && t('miniGames.games.earnTurnover', { amount: formatMoney(game.earn.perTurnover) }),
      game.earn.perCheckin > 0 && t('miniGames.games.earnCheckin', { n: String(game.earn.perCheckin) }),
    ]
      .filter(Boolean)
      .join(' · ') || t('miniGames.games.earnNone');

  return (
    <section className="cs-panel cs-content-stack" aria-labelledby="cs-minigames-games" data-testid="minigames-games">
      <h2 id="cs-minigames-games">{t('miniGames.games.title')}</h2>
      <p className="cs-muted">{t('miniGames.games.intro')}</p>
      {said && (
        <p className="cs-success" role="status">
          {said}
        </p>
      )}
      {write && editing === null && (
        <div className="cs-actions">
          <button type="button" className="cs-button primary" onClick={() => start({})}>
            {t('miniGames.games.add')}
          </button>
        </div>
      )}
      {write && editing !== null && (
        <GameEditor
          key={editing.game?.id ?? 'new'}
          game={editing.game}
          title={editing.game ? t('miniGames.games.editTitle', { name: nameOf(editing.game) }) : t('miniGames.games.add')}
          reload={load}
          onSaved={(saved) => {
            const words = t(editing.game ? 'miniGames.games.changed' : 'miniGames.games.added');
            const cost = saved?.expectedCost ? ` ${t('miniGames.games.costSaved', { amount: formatMoney(saved.expectedCost) })}` : '';
            setSaid(`${words}${cost}`);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {readProblem !== null && <ReadFailed text={miniGamesProblem(t, readProblem)} retry={() => void load()} />}
      {games === null ? (
        readProblem === null && <Loading />
      ) : games.length === 0 ? (
        <p className="cs-muted">{t('miniGames.games.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table">
            <caption className="visually-hidden">{t('miniGames.games.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('miniGames.games.columns.name')}</th>
                <th scope="col">{t('miniGames.games.columns.kind')}</th>
                <th scope="col">{t('miniGames.games.columns.prizes')}</th>
                <th scope="col">{t('miniGames.games.columns.expectedCost')}</th>
                <th scope="col">{t('miniGames.games.columns.earn')}</th>
                <th scope="col">{t('miniGames.games.columns.enabled')}</th>
                {write && <th scope="col">{t('miniGames.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {games.map((game) => {
                const name = nameOf(game);
                return (
                  <tr key={game.id} data-game={game.id}>
                    <td data-label={t('miniGames.games.columns.name')}>
                      <span className="cs-content-title">{name}</span>
                    </td>
                    <td data-label={t('miniGames.games.columns.kind')}>{t(`miniGames.games.kinds.${game.kind}`)}</td>
                    <td data-label={t('miniGames.games.columns.prizes')} className="cs-amount">
                      {game.prizes.length}
                    </td>
                    <td data-label={t('miniGames.games.columns.expectedCost')} className="cs-amount" data-cost>
                      {formatMoney(game.expectedCost)}
                    </td>
                    <td data-label={t('miniGames.games.columns.earn')}>{earnText(game)}</td>
                    <td data-label={t('miniGames.games.columns.enabled')}>
                      <span className={`cs-badge cs-promo-state is-${game.enabled ? 'running' : 'ended'}`}>
                        {t(game.enabled ? 'miniGames.on' : 'miniGames.off')}
                      </span>
                    </td>
                    {write && (
                      <td data-label={t('miniGames.columns.actions')} className="cs-row-actions">
                        <button
                          type="button"
                          className="cs-button secondary small"
                          aria-label={t('miniGames.games.editLabel', { name })}
                          onClick={() => start({ game })}
                        >
                          {t('miniGames.edit')}
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface EditorProps {
  game?: Game; // absent: a new one
  title: string;
  reload: () => Promise<void>;
  onSaved: (saved: Game | null) => void;
  onCancel: () => void;
}

export function GameEditor({ game, title, reload, onSaved, onCancel }: EditorProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GameForm>(() => gameForm(game));
  const { setShown, problemOf, clear } = useFieldProblems();
  const { busy, problem, setProblem, run } = useMiniGameChange(reload);
  const sum = probabilitySum(form.prizes);
  const complete = sum === PPM;
  const preview = moneyCostPreview(form.prizes);

  const edit = <K extends keyof GameForm>(key: K, ...fields: string[]) => (value: GameForm[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    clear(String(key), ...fields);
  };
  const editPrize = (index: number) => <K extends keyof PrizeForm>(key: K, ...fields: string[]) => (value: PrizeForm[K]) => {
    setForm((old) => ({ ...old, prizes: old.prizes.map((prize, at) => (at === index ? { ...prize, [key]: value } : prize)) }));
    clear(`prizes.${index}.${String(key)}`, 'prizes', ...fields);
  };
  const setPrizes = (prizes: PrizeForm[]) => {
    setForm((old) => ({ ...old, prizes }));
    // Rows moved: marks by index no longer point where they did.
    setShown({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !complete) return;
    setProblem(null);
    const checked = gameRequest(form);
    if ('problems' in checked) {
      setShown(checked.problems);
      return;
    }
    setShown({});
    let saved: Game | null = null;
    const send = async () => {
      saved = await (game ? changeGame(game.id, checked.body) : addGame(checked.body));
    };
    if (await run(() => sendMarked(send, setShown))) onSaved(saved);
  };

  const money = (field: 'perDeposit' | 'perTurnover') => (
    <Field
      label={t(`miniGames.games.form.${field}`)}
      hint={t(`miniGames.games.form.${field}Hint`)}
      value={form[field]}
      onValue={edit(field, `earn.${field}`)}
      problem={problemOf(`earn.${field}`)}
      inputMode="decimal"
      autoComplete="off"
    />
  );

  return (
    <form className="cs-panel cs-form cs-content-editor cs-promo-editor" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <div className="cs-content-grid">
        <Choice<GameKind>
          label={t('miniGames.games.form.kind')}
          value={form.kind}
          options={GAME_KINDS}
          name={(kind) => t(`miniGames.games.kinds.${kind}`)}
          onPick={edit('kind')}
          problem={problemOf('kind')}
        />
        {money('perDeposit')}
        {money('perTurnover')}
        <Field
          label={t('miniGames.games.form.perCheckin')}
          hint={t('miniGames.games.form.perCheckinHint')}
          value={form.perCheckin}
          onValue={edit('perCheckin', 'earn.perCheckin')}
          problem={problemOf('earn.perCheckin')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <Check
        label={t('miniGames.games.form.enabled')}
        hint={t('miniGames.games.form.enabledHint')}
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
      <fieldset className="cs-promo-rewards" data-field="prizes">
        <legend>{t('miniGames.games.form.prizes')}</legend>
        <p className="cs-field-hint">{t('miniGames.games.form.prizesHint')}</p>
        {problemOf('prizes') && <p className="cs-field-problem">{problemOf('prizes')}</p>}
        {form.prizes.map((prize, index) => (
          <PrizeRow
            key={index}
            index={index}
            prize={prize}
            edit={editPrize(index)}
            problemOf={problemOf}
            onRemove={form.prizes.length > PRIZES_MIN ? () => setPrizes(form.prizes.filter((_, at) => at !== index)) : undefined}
          />
        ))}
        {form.prizes.length < PRIZES_MAX && (
          <div className="cs-actions">
            <button type="button" className="cs-button secondary small" onClick={() => setPrizes([...form.prizes, prizeForm()])}>
              {t('miniGames.games.form.addPrize')}
            </button>
          </div>
        )}
        <p data-testid="probability-sum" data-complete={complete} className={complete ? 'cs-success' : 'cs-field-problem'} aria-live="polite">
          {sum === null
            ? t('miniGames.games.form.sumUnreadable')
            : t(complete ? 'miniGames.games.form.sumComplete' : 'miniGames.games.form.sumShort', { sum: ppmPercent(sum) })}
        </p>
        <p data-testid="cost-preview" className="cs-muted">
          {preview === null
            ? t('miniGames.games.form.previewUnreadable')
            : t('miniGames.games.form.preview', { amount: formatMoney(preview) })}
        </p>
        {game && (
          <p data-testid="cost-server" className="cs-muted">
            {t('miniGames.games.form.costServer', { amount: formatMoney(game.expectedCost) })}
          </p>
        )}
      </fieldset>
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy || !complete} aria-busy={busy || undefined}>
          {t('miniGames.games.form.save')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('miniGames.cancel')}
        </button>
      </div>
    </form>
  );
}

function PrizeRow({
  index,
  prize,
  edit,
  problemOf,
  onRemove,
}: {
  index: number;
  prize: PrizeForm;
  edit: <K extends keyof PrizeForm>(key: K, ...fields: string[]) => (value: PrizeForm[K]) => void;
  problemOf: (field: string) => string | null;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const n = String(index + 1);
  const at = `prizes.${index}`;
  const counted = prize.kind === 'POINTS' || prize.kind === 'TICKETS';
  return (
    <fieldset className="cs-promo-rewards" data-prize={index}>
      <legend>{t('miniGames.games.prize.title', { n })}</legend>
      <div className="cs-content-grid">
        <Choice<PrizeKind>
          label={t('miniGames.games.prize.kind', { n })}
          value={prize.kind}
          options={PRIZE_KINDS}
          name={(kind) => t(`miniGames.games.prizeKinds.${kind}`)}
          onPick={edit('kind', `${at}.amount`, `${at}.value`, `${at}.wagerMultiple`)}
          problem={problemOf(`${at}.kind`)}
        />
        {prize.kind === 'MONEY' && (
          <Field
            label={t('miniGames.games.prize.amount', { n })}
            value={prize.amount}
            onValue={edit('amount')}
            problem={problemOf(`${at}.amount`)}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
        {counted && (
          <Field
            label={t(prize.kind === 'POINTS' ? 'miniGames.games.prize.points' : 'miniGames.games.prize.tickets', { n })}
            value={prize.value}
            onValue={edit('value')}
            problem={problemOf(`${at}.value`)}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        {prize.kind === 'MONEY' && (
          <Field
            label={t('miniGames.games.prize.wagerMultiple', { n })}
            value={prize.wagerMultiple}
            onValue={edit('wagerMultiple')}
            problem={problemOf(`${at}.wagerMultiple`)}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        <Field
          label={t('miniGames.games.prize.probability', { n })}
          value={prize.probability}
          onValue={edit('probability')}
          problem={problemOf(`${at}.probability`)}
          inputMode="decimal"
          autoComplete="off"
          maxLength={9}
        />
      </div>
      <LanguageFields
        legend={t('miniGames.games.prize.labels', { n })}
        label={(language) => t('miniGames.games.prize.labelIn', { n, language })}
        field={`${at}.label`}
        texts={prize.label}
        onChange={(label, language) => edit('label', `${at}.label.${language}`)(label)}
        problemOf={problemOf}
        maxLength={LABEL_MAX}
      />
      {onRemove && (
        <div className="cs-actions">
          <button type="button" className="cs-button secondary small" onClick={onRemove}>
            {t('miniGames.games.prize.remove', { n })}
          </button>
        </div>
      )}
    </fieldset>
  );
}
