// The VIP levels (Loyalty, tab "vip"): the rank review's settings (the window deposits and turnover are
// counted over, whether members who fall below their level are moved down and after how many days), and the
// levels in order with what reaches each and its perks. loyalty.write edits a level, adds the next one
// (up to 10) and deletes the highest (after asking; level 0, where everyone starts, stays); a reader sees the
// same, read-only.
import { useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';
import { ConfirmAction } from '../components/ChangeRunner';
import { Field } from '../components/Field';
import { Loading, Problem, ReadFailed } from '../components/Problem';
import { useLatestRead } from '../components/useLatestRead';
import { deleteVipLevel, LEVEL_MAX, readVip, saveVipSettings, type VipLevel } from '../loyaltyApi';
import { rateCategories, settingsForm, settingsRequest, textIn } from '../loyaltyRules';
import { categoryName, Check, ConfigForm, limitText, loyaltyProblem, useConfigForm, useLoyaltyChange } from './LoyaltyCommon';
import { LevelEditor } from './LoyaltyVipLevel';

type Editing = { level: number; stored?: VipLevel } | null;

function Perks({ level }: { level: VipLevel }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['upgradeBonus', formatMoney(level.upgradeBonus)],
    ['monthlyBonus', formatMoney(level.monthlyBonus)],
    ['birthdayBonus', formatMoney(level.birthdayBonus)],
    ['wagerMultiple', t('loyalty.times', { n: String(level.wagerMultiple) })],
    ['dailyWithdrawalCount', limitText(t, level.dailyWithdrawalCount, (n) => n)],
    ['dailyWithdrawalAmount', limitText(t, level.dailyWithdrawalAmount, formatMoney)],
    ['vipChat', t(level.vipChat ? 'loyalty.yes' : 'loyalty.no')],
  ];
  return (
    <dl className="cs-promo-stats">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`loyalty.vip.form.${key}`)}</dt>
          <dd data-perk={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Rates({ level }: { level: VipLevel }) {
  const { t } = useTranslation();
  return (
    <dl className="cs-promo-stats">
      {rateCategories(level.cashbackRates).map((category) => (
        <div key={category}>
          <dt>{categoryName(t, category)}</dt>
          <dd data-rate={category}>{t('loyalty.percent', { rate: level.cashbackRates[category] ?? '0.00' })}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VipTab({ write }: { write: boolean }) {
  const { t, i18n } = useTranslation();
  const { value: vip, readProblem, load } = useLatestRead(readVip);
  const settings = useConfigForm({
    config: vip?.settings ?? null,
    reload: load,
    toForm: settingsForm,
    request: settingsRequest,
    save: saveVipSettings,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState<string | null>(null);
  const { busy, problem, setProblem, run } = useLoyaltyChange(load);

  const levels = vip ? [...vip.levels].sort((a, b) => a.level - b.level) : null;
  const highest = levels?.[levels.length - 1];
  // The next level to add: 0 first (where everyone starts), then one above the highest.
  const next = highest ? highest.level + 1 : 0;
  const nameOf = (level: VipLevel) => textIn(level.names, i18n.language) || t('loyalty.vip.levelN', { level: String(level.level) });
  const byNumber = (n: number) => levels?.find((level) => level.level === n);
  const start = (next: Editing) => {
    setSaid(null);
    setProblem(null);
    setEditing(next);
  };
  const remove = (level: VipLevel) => {
    setSaid(null);
    void run(() => deleteVipLevel(level.level)).then((done) => {
      if (done) setSaid(t('loyalty.vip.deleted', { name: nameOf(level) }));
    });
  };
  const form = settings.form;

  return (
    <div className="cs-content-stack" data-testid="loyalty-vip">
      <section className="cs-panel" aria-labelledby="cs-loyalty-vip-settings">
        <h2 id="cs-loyalty-vip-settings">{t('loyalty.vip.settingsTitle')}</h2>
        <p className="cs-muted">{t('loyalty.vip.settingsIntro')}</p>
        {form === null ? (
          readProblem === null && <Loading />
        ) : (
          <ConfigForm
            title={t('loyalty.vip.settingsTitle')}
            write={write}
            busy={settings.busy}
            problem={settings.problem}
            saved={settings.saved}
            savedText={t('loyalty.saved')}
            saveText={t('loyalty.vip.saveSettings')}
            onSubmit={(event) => void settings.submit(event)}
          >
            <div className="cs-content-grid">
              <Field
                label={t('loyalty.vip.windowDays')}
                hint={t('loyalty.vip.windowDaysHint')}
                value={form.windowDays}
                onValue={settings.edit('windowDays')}
                problem={settings.problemOf('windowDays')}
                inputMode="numeric"
                autoComplete="off"
              />
              <Field
                label={t('loyalty.vip.graceDays')}
                hint={t('loyalty.vip.graceDaysHint')}
                value={form.graceDays}
                onValue={settings.edit('graceDays')}
                problem={settings.problemOf('graceDays')}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
            <Check
              label={t('loyalty.vip.demote')}
              hint={t('loyalty.vip.demoteHint')}
              checked={form.demote}
              onChange={settings.edit('demote')}
              problem={settings.problemOf('demote')}
            />
          </ConfigForm>
        )}
      </section>

      <section className="cs-panel" aria-labelledby="cs-loyalty-vip-levels">
        <h2 id="cs-loyalty-vip-levels">{t('loyalty.vip.levelsTitle')}</h2>
        <p className="cs-muted">{t('loyalty.vip.levelsIntro')}</p>
        {said && (
          <p className="cs-success" role="status">
            {said}
          </p>
        )}
        {write && editing === null && levels !== null && next <= LEVEL_MAX && (
          <div className="cs-actions">
            <button type="button" className="cs-button primary" onClick={() => start({ level: next })}>
              {t('loyalty.vip.add', { level: String(next) })}
            </button>
          </div>
        )}
        {write && editing !== null && (
          <LevelEditor
            key={editing.level}
            level={editing.level}
            stored={editing.stored}
            template={editing.stored ? undefined : highest}
            below={byNumber(editing.level - 1)}
            above={byNumber(editing.level + 1)}
            title={
              editing.stored
                ? t('loyalty.vip.editTitle', { name: nameOf(editing.stored) })
                : t('loyalty.vip.add', { level: String(editing.level) })
            }
            reload={load}
            onSaved={() => {
              setSaid(t('loyalty.vip.saved', { level: String(editing.level) }));
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
        {readProblem !== null && <ReadFailed text={loyaltyProblem(t, readProblem)} retry={() => void load()} />}
        {levels === null ? (
          readProblem === null && <Loading />
        ) : levels.length === 0 ? (
          <p className="cs-muted">{t('loyalty.vip.empty')}</p>
        ) : (
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('loyalty.vip.levelsTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.vip.columns.level')}</th>
                  <th scope="col">{t('loyalty.vip.columns.name')}</th>
                  <th scope="col">{t('loyalty.vip.columns.reach')}</th>
                  <th scope="col">{t('loyalty.vip.columns.perks')}</th>
                  <th scope="col">{t('loyalty.vip.columns.cashback')}</th>
                  {write && <th scope="col">{t('loyalty.columns.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {levels.map((level) => {
                  const name = nameOf(level);
                  return (
                    <tr key={level.level} data-level={level.level}>
                      <td data-label={t('loyalty.vip.columns.level')}>{level.level}</td>
                      <td data-label={t('loyalty.vip.columns.name')}>
                        <span className="cs-content-title">{name}</span>
                        <span className="cs-muted cs-promo-line">{t(`loyalty.vip.emblems.${level.emblem}`, { defaultValue: level.emblem })}</span>
                      </td>
                      <td data-label={t('loyalty.vip.columns.reach')}>
                        {level.level === 0 ? (
                          <span className="cs-muted">{t('loyalty.vip.everyone')}</span>
                        ) : (
                          <span className="cs-promo-line">
                            {t('loyalty.vip.reach', {
                              deposit: formatMoney(level.depositRequired),
                              turnover: formatMoney(level.turnoverRequired),
                            })}
                          </span>
                        )}
                      </td>
                      <td data-label={t('loyalty.vip.columns.perks')}>
                        <Perks level={level} />
                      </td>
                      <td data-label={t('loyalty.vip.columns.cashback')}>
                        <Rates level={level} />
                      </td>
                      {write && (
                        <td data-label={t('loyalty.columns.actions')} className="cs-row-actions">
                          <span className="cs-buttons">
                            <button
                              type="button"
                              className="cs-button secondary small"
                              disabled={busy}
                              aria-label={t('loyalty.vip.editLabel', { name })}
                              onClick={() => start({ level: level.level, stored: level })}
                            >
                              {t('loyalty.edit')}
                            </button>
                            {level === highest && level.level > 0 && (
                              <ConfirmAction
                                action={t('loyalty.vip.delete')}
                                label={t('loyalty.vip.deleteLabel', { name })}
                                question={t('loyalty.vip.confirmDelete', { name })}
                                busy={busy}
                                onConfirm={() => remove(level)}
                              />
                            )}
                          </span>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Problem>{problem}</Problem>
      </section>
    </div>
  );
}
