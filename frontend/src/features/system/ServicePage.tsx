import { useAtomValue } from 'jotai';

import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { useTranslation } from '../../i18n/react';
import { brandAtom } from '../../state/atoms';
import { ContactChannels } from './ContactChannels';

// What the customer-service entries open (SPEC §2.2, a 440 x 750 popup): the brand's contact channels.
// It stands outside the status gate, so a visitor facing maintenance or a region block can still reach us.
export function ServicePage() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  return (
    <main className="service-page" data-testid="service-page">
      <header className="service-page__head">
        <h1>{t('service.title')}</h1>
        <LanguageSwitcher />
      </header>
      <p>{t('service.intro', { brand: brand?.name ?? '' })}</p>
      <ContactChannels />
    </main>
  );
}
