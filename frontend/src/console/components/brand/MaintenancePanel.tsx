// Maintenance: off, on now (until switched off), or a scheduled window, with the words the maintenance page
// shows under its own. The window is entered in the browser's time zone and sent as UTC instants.
import { type FormEvent, useEffect, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime, zoneLabel } from '../../../lib/dates';
import { type BrandSettings, MESSAGE_MAX, setMaintenance } from '../../brandApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { type PanelProps, useChange } from './common';
import {
  charCount,
  type MaintenanceField,
  type MaintenanceForm,
  maintenanceForm,
  type MaintenanceMode,
  maintenanceRequest,
} from './rules';

const MODES: readonly MaintenanceMode[] = ['off', 'now', 'schedule'];

type Stored = Pick<BrandSettings, 'maintenance' | 'maintenanceStart' | 'maintenanceEnd' | 'maintenanceMessage'>;

function CurrentState({ settings }: { settings: Stored }) {
  const { t } = useTranslation();
  const { maintenance, maintenanceStart: start, maintenanceEnd: end } = settings;
  let text: string;
  if (maintenance) text = t('brand.maintenance.stateOn');
  else if (start && end) text = t('brand.maintenance.stateWindow', { start: dateTime(start), end: dateTime(end) });
  else if (start) text = t('brand.maintenance.stateFrom', { start: dateTime(start) });
  else text = t('brand.maintenance.stateOff');
  return (
    <p className={maintenance ? 'cs-brand-state is-on' : 'cs-brand-state'} data-testid="maintenance-state">
      {text}
    </p>
  );
}

export function MaintenancePanel({ settings, write, onChanged }: PanelProps & { settings: Stored }) {
  const { t } = useTranslation();
  const messageId = useId();
  const [form, setForm] = useState<MaintenanceForm>(() => maintenanceForm(settings));
  const [shown, setShown] = useState<Partial<Record<MaintenanceField, string>>>({});
  const [saved, setSaved] = useState(false);
  const { busy, problem, run } = useChange(onChanged);

  // What the server stored after a save (or another staff member's change, on a reload) fills the form.
  const { maintenance, maintenanceStart, maintenanceEnd, maintenanceMessage } = settings;
  useEffect(() => {
    setForm(maintenanceForm({ maintenance, maintenanceStart, maintenanceEnd, maintenanceMessage }));
  }, [maintenance, maintenanceStart, maintenanceEnd, maintenanceMessage]);

  const edit = <K extends keyof MaintenanceForm>(field: K, value: MaintenanceForm[K]) => {
    setForm((old) => ({ ...old, [field]: value }));
    setShown((old) => ({ ...old, [field]: undefined }));
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = maintenanceRequest(form);
    if ('problems' in request) {
      setShown(request.problems);
      return;
    }
    setShown({});
    setSaved(await run(() => setMaintenance(request.body)));
  };

  const zone = zoneLabel(new Date());
  const left = MESSAGE_MAX - charCount(form.message.trim());

  return (
    <section className="cs-panel" aria-labelledby="cs-brand-maintenance">
      <h2 id="cs-brand-maintenance">{t('brand.maintenance.title')}</h2>
      <CurrentState settings={settings} />
      {!write ? (
        maintenanceMessage && (
          <div>
            <h3 className="cs-brand-subtitle">{t('brand.maintenance.message')}</h3>
            <p className="cs-brand-message" data-testid="maintenance-message">
              {maintenanceMessage}
            </p>
          </div>
        )
      ) : (
        <form className="cs-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('brand.maintenance.title')}>
          <fieldset className="cs-choices">
            <legend>{t('brand.maintenance.mode')}</legend>
            {MODES.map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="cs-maintenance-mode"
                  value={mode}
                  checked={form.mode === mode}
                  onChange={() => edit('mode', mode)}
                />
                {t(`brand.maintenance.modes.${mode}`)}
              </label>
            ))}
          </fieldset>
          {form.mode === 'schedule' && (
            <div className="cs-brand-window">
              <Field
                label={t('brand.maintenance.start')}
                hint={t('brand.maintenance.zone', { zone })}
                type="datetime-local"
                value={form.start}
                onValue={(value) => edit('start', value)}
                problem={shown.start ? t(shown.start) : null}
              />
              <Field
                label={t('brand.maintenance.end')}
                hint={t('brand.maintenance.endHint')}
                type="datetime-local"
                value={form.end}
                onValue={(value) => edit('end', value)}
                problem={shown.end ? t(shown.end) : null}
              />
            </div>
          )}
          <div className={shown.message ? 'cs-field has-problem' : 'cs-field'}>
            <label htmlFor={messageId}>{t('brand.maintenance.message')}</label>
            <textarea
              id={messageId}
              rows={3}
              value={form.message}
              onChange={(event) => edit('message', event.target.value)}
              aria-describedby={`${messageId}-hint`}
              aria-invalid={shown.message ? true : undefined}
            />
            <p id={`${messageId}-hint`} className={shown.message ? 'cs-field-problem' : 'cs-field-hint'}>
              {shown.message ? t(shown.message) : t('brand.maintenance.messageHint', { left: String(left) })}
            </p>
          </div>
          <Problem>{problem}</Problem>
          {saved && (
            <p className="cs-success" role="status">
              {t('brand.saved')}
            </p>
          )}
          <div className="cs-actions">
            <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
              {t('brand.maintenance.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
