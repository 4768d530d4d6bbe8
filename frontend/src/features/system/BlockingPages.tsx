import { m } from 'framer-motion';
import { useAtomValue } from 'jotai';

import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { MotionScope } from '../../components/MotionScope';
import { useTranslation } from '../../i18n/react';
import { statusAtom } from '../../state/atoms';
import { SERVICE_PATH, SERVICE_WINDOW } from './customerService';

function ContactUs() {
  const { t } = useTranslation();
  const status = useAtomValue(statusAtom);
  if (!status?.info.customerService.length) return null;
  // The contact page, not the chat: it is the one page that stands outside the status gate.
  return (
    <button type="button" className="button" onClick={() => open(SERVICE_PATH, 'customer-service', SERVICE_WINDOW)}>
      {t('blocking.contactUs')}
    </button>
  );
}

function BlockingFrame({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="blocking" data-testid={testId}>
      <div className="blocking-language">
        <LanguageSwitcher />
      </div>
      <MotionScope>
        <m.section
          className="blocking-card"
          initial={{ opacity: 0, y: 16 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ duration: 0.35 }}
        >
          {children}
          <ContactUs />
        </m.section>
      </MotionScope>
    </div>
  );
}

// SPEC §2.7 maintenance page, with the operator's own words (if any) under the fixed ones: plain text,
// rendered as text, never as markup.
export function MaintenancePage() {
  const { t } = useTranslation();
  const note = useAtomValue(statusAtom)?.maintenanceMessage;
  return (
    <BlockingFrame testId="maintenance-page">
      <p className="blocking-kicker">{t('blocking.restriction')}</p>
      <h1>{t('blocking.maintenanceTitle')}</h1>
      <p>{t('blocking.maintenanceMessage')}</p>
      {note && (
        <p className="blocking-note" data-testid="maintenance-note">
          {note}
        </p>
      )}
    </BlockingFrame>
  );
}

// SPEC §2.7 IP restriction page: shows the visitor's address and country.
export function RegionRestrictedPage() {
  const { t } = useTranslation();
  const status = useAtomValue(statusAtom);
  const location = status?.location;
  return (
    <BlockingFrame testId="region-page">
      <h1>{t('blocking.regionTitle')}</h1>
      <dl className="blocking-facts">
        <dt>{t('blocking.ip')}</dt>
        <dd data-testid="visitor-ip">{location?.ip}</dd>
        <dt>{t('blocking.country')}</dt>
        <dd data-testid="visitor-country">{location?.country || t('blocking.unknownCountry')}</dd>
      </dl>
      <p>{t('blocking.regionMessage')}</p>
    </BlockingFrame>
  );
}
