// Player protection, tab "settings": the brand's reality-check default (for members who chose none), the KYC
// rule (never, before the first withdrawal, or for a withdrawal above an amount) and the support
// organisations the Responsible Gaming page lists (a name, an https:// address, a phone or none).
// protection.manage changes them, checked here first (the server checks again: its refused fields are marked
// too); a reader with protection.read sees them read-only.
import { type FormEvent, useCallback, useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { Field } from '../components/Field';
import { Loading, Problem, ReadFailed } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { useLatestRead } from '../components/useLatestRead';
import {
  KYC_RULES,
  type KycRule,
  ORGANISATION_NAME_MAX,
  ORGANISATION_PHONE_MAX,
  ORGANISATION_URL_MAX,
  ORGANISATIONS_MAX,
  REALITY_CHECK_CHOICES,
  readProtectionSettings,
  saveProtectionSettings,
} from '../protectionApi';
import {
  emptyOrganisation,
  type OrganisationForm,
  type Problems,
  serverProblems,
  type SettingsForm,
  settingsForm,
  settingsRequest,
} from '../protectionRules';
import { protectionProblem, useProtectionChange } from './ProtectionCommon';

const MINUTES = REALITY_CHECK_CHOICES.map(String);

export function SettingsTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const { value, readProblem, load } = useLatestRead(readProtectionSettings);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [marks, setMarks] = useState<Problems>({});
  const [saved, setSaved] = useState(false);
  const { busy, problem, setProblem, run } = useProtectionChange(load);

  useEffect(() => {
    if (value) setForm(settingsForm(value));
  }, [value]);

  const problemOf = useCallback(
    (field: string) => {
      const found = marks[field];
      return found ? t(`protection.problems.${found.key}`, found.values) : null;
    },
    [marks, t],
  );
  const change = (next: (old: SettingsForm) => SettingsForm, ...fields: string[]) => {
    setForm((old) => (old ? next(old) : old));
    setSaved(false);
    setMarks((old) => {
      if (!fields.some((field) => field in old)) return old;
      const kept = { ...old };
      for (const field of fields) delete kept[field];
      return kept;
    });
  };
  const editOrganisation = (n: number, key: keyof OrganisationForm) => (text: string) =>
    change(
      (old) => ({ ...old, organisations: old.organisations.map((o, i) => (i === n ? { ...o, [key]: text } : o)) }),
      `organisations.${n}.${key}`,
    );
  // Removing a row moves the ones after it: their marks would no longer fit, so all go.
  const removeOrganisation = (n: number) => {
    change((old) => ({ ...old, organisations: old.organisations.filter((_, i) => i !== n) }));
    setMarks({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form) return;
    setSaved(false);
    setProblem(null);
    const checked = settingsRequest(form);
    if ('problems' in checked) {
      setMarks(checked.problems);
      return;
    }
    setMarks({});
    const done = await run(async () => {
      try {
        await saveProtectionSettings(checked.body);
      } catch (error) {
        const found = serverProblems(error);
        if (found) setMarks(found);
        throw error;
      }
    });
    setSaved(done);
  };

  return (
    <section className="cs-panel" aria-labelledby="cs-protection-settings" data-testid="protection-settings">
      <h2 id="cs-protection-settings">{t('protection.settings.title')}</h2>
      <p className="cs-muted">{t(manage ? 'protection.settings.intro' : 'protection.settings.readOnly')}</p>
      {form === null ? (
        readProblem !== null ? (
          <ReadFailed text={protectionProblem(t, readProblem)} retry={() => void load()} />
        ) : (
          <Loading />
        )
      ) : (
        <form className="cs-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('protection.settings.title')}>
          <fieldset className="cs-promo-group" disabled={!manage}>
            <legend className="visually-hidden">{t('protection.settings.title')}</legend>
            <div className="cs-content-grid">
              <Choice<string>
                label={t('protection.settings.realityCheck')}
                hint={t('protection.settings.realityCheckHint')}
                value={form.realityCheckMinutes}
                options={MINUTES}
                name={(minutes) => t('protection.member.minutes', { minutes })}
                onPick={(minutes) => change((old) => ({ ...old, realityCheckMinutes: minutes }), 'realityCheckMinutes')}
                problem={problemOf('realityCheckMinutes')}
                disabled={!manage}
              />
              <Choice<KycRule>
                label={t('protection.settings.kycRule')}
                value={form.kycRule}
                options={KYC_RULES}
                name={(rule) => t(`protection.settings.kycRules.${rule}`)}
                onPick={(rule) => change((old) => ({ ...old, kycRule: rule }), 'kycRule', 'kycAmount')}
                problem={problemOf('kycRule')}
                disabled={!manage}
              />
              {form.kycRule === 'ABOVE_AMOUNT' && (
                <Field
                  label={t('protection.settings.kycAmount')}
                  hint={t('protection.settings.kycAmountHint')}
                  value={form.kycAmount}
                  onValue={(text) => change((old) => ({ ...old, kycAmount: text }), 'kycAmount')}
                  problem={problemOf('kycAmount')}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={20}
                />
              )}
            </div>
            <fieldset className="cs-promo-rewards" data-field="organisations">
              <legend>{t('protection.settings.organisations')}</legend>
              <p className="cs-field-hint">{t('protection.settings.organisationsHint')}</p>
              {problemOf('organisations') && <p className="cs-field-problem">{problemOf('organisations')}</p>}
              {form.organisations.length === 0 && <p className="cs-muted">{t('protection.settings.organisationsEmpty')}</p>}
              {form.organisations.map((organisation, n) => {
                const number = { n: String(n + 1) };
                return (
                  <fieldset key={n} className="cs-protection-organisation" data-organisation={n}>
                    <legend className="visually-hidden">{t('protection.settings.organisation', number)}</legend>
                    <Field
                      label={t('protection.settings.name')}
                      value={organisation.name}
                      onValue={editOrganisation(n, 'name')}
                      problem={problemOf(`organisations.${n}.name`)}
                      maxLength={ORGANISATION_NAME_MAX * 2}
                      autoComplete="off"
                    />
                    <Field
                      label={t('protection.settings.url')}
                      value={organisation.url}
                      onValue={editOrganisation(n, 'url')}
                      problem={problemOf(`organisations.${n}.url`)}
                      maxLength={ORGANISATION_URL_MAX * 2}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      placeholder="https://"
                    />
                    <Field
                      label={t('protection.settings.phone')}
                      value={organisation.phone}
                      onValue={editOrganisation(n, 'phone')}
                      problem={problemOf(`organisations.${n}.phone`)}
                      maxLength={ORGANISATION_PHONE_MAX * 2}
                      type="tel"
                      autoComplete="off"
                    />
                    {manage && (
                      <button
                        type="button"
                        className="cs-button secondary small"
                        aria-label={t('protection.settings.removeLabel', number)}
                        onClick={() => removeOrganisation(n)}
                      >
                        {t('protection.settings.remove')}
                      </button>
                    )}
                  </fieldset>
                );
              })}
              {manage && form.organisations.length < ORGANISATIONS_MAX && (
                <button
                  type="button"
                  className="cs-button secondary small"
                  onClick={() => change((old) => ({ ...old, organisations: [...old.organisations, emptyOrganisation()] }), 'organisations')}
                >
                  {t('protection.settings.add')}
                </button>
              )}
            </fieldset>
          </fieldset>
          <Problem>{problem}</Problem>
          {saved && (
            <p className="cs-success" role="status">
              {t('protection.settings.saved')}
            </p>
          )}
          {manage && (
            <div className="cs-actions">
              <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
                {t('protection.settings.save')}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
