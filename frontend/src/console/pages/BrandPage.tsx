// The merchant's brand settings: the white-label switches, maintenance, region rules, registration fields,
// resources, customer-service entries and the limits on operators' bonus grants. With brand.write each can
// be changed (the page then reads the settings again, so that it shows what the server stored); without it
// the same settings, read-only.
// The portal follows a change within the brand cache window.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { isSessionProblem } from '../api';
import { type BrandSettings, readBrand } from '../brandApi';

import { BonusLimits } from '../components/brand/BonusLimits';
import { MaintenancePanel } from '../components/brand/MaintenancePanel';
import { RegionRules } from '../components/brand/RegionRules';
import { RegisterFields } from '../components/brand/RegisterFields';
import { Resources } from '../components/brand/Resources';
import { ServiceEntries } from '../components/brand/ServiceEntries';
import { SwitchTree } from '../components/brand/SwitchTree';
import { WalletPanel } from '../components/brand/WalletPanel';
import { Problem } from '../components/Problem';
import { problemText } from '../i18n';
import { BRAND_WRITE, can } from '../permissions';
import { meAtom } from '../store';
import '../styles/brand.css';

export function BrandPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const write = can(me?.permissions, BRAND_WRITE);
  const [settings, setSettings] = useState<BrandSettings | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  // Only the newest read is shown: a slower earlier one must not replace it.
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await readBrand();
      if (request === latest.current) setSettings(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="cs-page cs-brand-page" aria-labelledby="cs-brand-title">
      <h1 id="cs-brand-title">{t('brand.title')}</h1>
      <p className="cs-lead">{t(write ? 'brand.intro' : 'brand.readOnly')}</p>
      {problem !== null && (
        <div className="cs-panel">
          <Problem>{problemText(t, problem)}</Problem>
          <button type="button" className="cs-button secondary" onClick={() => void load()}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {settings === null ? (
        problem === null && (
          <p className="cs-muted" role="status">
            {t('app.loading')}
          </p>
        )
      ) : (
        <>
          <SwitchTree switches={settings.switches} write={write} onChanged={load} />
          <MaintenancePanel settings={settings} write={write} onChanged={load} />
          <WalletPanel wallet={settings.wallet} write={write} onChanged={load} />
          <RegionRules rules={settings.regionRules} write={write} onChanged={load} />
          <RegisterFields fields={settings.registerFields} write={write} onChanged={load} />
          <Resources resources={settings.resources} write={write} onChanged={load} />
          <ServiceEntries entries={settings.customerService} write={write} onChanged={load} />
          <BonusLimits limits={settings.bonusLimits} write={write} onChanged={load} />
        </>
      )}
    </section>
  );
}
