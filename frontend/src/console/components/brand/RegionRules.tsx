// Region rules: allow or block one country (ISO code) or one IP network. An ALLOW by network wins over
// everything; a BLOCK refuses; ALLOW-by-country rules, when any exist, let only those countries in.
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { addRegionRule, type RegionRule, type RegionRuleIn, removeRegionRule } from '../../brandApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { type PanelProps, useChange } from './common';
import { ConfirmAction } from '../ChangeRunner';

type Action = RegionRuleIn['action'];
type Kind = 'country' | 'network';

const OWN = { BAD_REQUEST: 'brand.regions.invalid' };
const COUNTRY = /^[A-Za-z]{2}$/;
const NETWORK_MAX = 43;

export function regionRuleRequest(action: Action, kind: Kind, value: string): RegionRuleIn | null {
  const text = value.trim();
  if (kind === 'country') return COUNTRY.test(text) ? { action, country: text.toUpperCase() } : null;
  return text && text.length <= NETWORK_MAX && !/\s/.test(text) ? { action, network: text } : null;
}

function AddRule({ busy, run }: { busy: boolean; run: (work: () => Promise<unknown>) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action>('BLOCK');
  const [kind, setKind] = useState<Kind>('country');
  const [value, setValue] = useState('');
  const [shown, setShown] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = regionRuleRequest(action, kind, value);
    if (!body) {
      setShown(t(kind === 'country' ? 'brand.regions.badCountry' : 'brand.regions.badNetwork'));
      return;
    }
    setShown(null);
    if (await run(() => addRegionRule(body))) setValue('');
  };

  return (
    <form className="cs-brand-add" onSubmit={(event) => void submit(event)} noValidate aria-label={t('brand.regions.add')}>
      <div className="cs-field">
        <label htmlFor="cs-region-action">{t('brand.regions.action')}</label>
        <select id="cs-region-action" value={action} onChange={(event) => setAction(event.target.value as Action)}>
          <option value="BLOCK">{t('brand.regions.actions.BLOCK')}</option>
          <option value="ALLOW">{t('brand.regions.actions.ALLOW')}</option>
        </select>
      </div>
      <div className="cs-field">
        <label htmlFor="cs-region-kind">{t('brand.regions.kind')}</label>
        <select
          id="cs-region-kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind);
            setShown(null);
          }}
        >
          <option value="country">{t('brand.regions.country')}</option>
          <option value="network">{t('brand.regions.network')}</option>
        </select>
      </div>
      <Field
        label={t(kind === 'country' ? 'brand.regions.countryCode' : 'brand.regions.networkValue')}
        hint={t(kind === 'country' ? 'brand.regions.countryHint' : 'brand.regions.networkHint')}
        value={value}
        onValue={(text) => {
          setValue(text);
          setShown(null);
        }}
        problem={shown}
        autoComplete="off"
        spellCheck={false}
        maxLength={kind === 'country' ? 2 : NETWORK_MAX}
      />
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy}>
          {t('brand.regions.addButton')}
        </button>
      </div>
    </form>
  );
}

export function RegionRules({ rules, write, onChanged }: PanelProps & { rules: RegionRule[] }) {
  const { t } = useTranslation();
  const { busy, problem, run } = useChange(onChanged, OWN);
  const target = (rule: RegionRule) => rule.country ?? rule.network ?? '';
  return (
    <section className="cs-panel" aria-labelledby="cs-brand-regions">
      <h2 id="cs-brand-regions">{t('brand.regions.title')}</h2>
      <p className="cs-lead">{t('brand.regions.intro')}</p>
      {rules.length === 0 ? (
        <p className="cs-muted">{t('brand.regions.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table">
            <caption className="visually-hidden">{t('brand.regions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('brand.regions.action')}</th>
                <th scope="col">{t('brand.regions.kind')}</th>
                <th scope="col">{t('brand.regions.value')}</th>
                {write && <th scope="col">{t('brand.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id}>
                  <td data-label={t('brand.regions.action')}>
                    <span className={rule.action === 'ALLOW' ? 'cs-badge on' : 'cs-badge off'}>
                      {t(`brand.regions.actions.${rule.action}`, { defaultValue: rule.action })}
                    </span>
                  </td>
                  <td data-label={t('brand.regions.kind')}>
                    {t(rule.country ? 'brand.regions.country' : 'brand.regions.network')}
                  </td>
                  <td data-label={t('brand.regions.value')} className="cs-mod">
                    {target(rule)}
                  </td>
                  {write && (
                    <td data-label={t('brand.actions')} className="cs-row-actions">
                      <ConfirmAction
                        action={t('brand.remove')}
                        busy={busy}
                        label={t('brand.regions.removeLabel', { rule: target(rule) })}
                        question={t('brand.regions.confirmRemove', { rule: target(rule) })}
                        onConfirm={() => void run(() => removeRegionRule(rule.id))}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Problem>{problem}</Problem>
      {write && <AddRule busy={busy} run={run} />}
    </section>
  );
}
