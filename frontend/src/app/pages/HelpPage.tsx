import { ContactChannels } from '../../features/system/ContactChannels';
import { useTranslation } from '../../i18n/react';
import { FOOTER_LINKS } from '../layouts/Footer';
import { PageShell } from './PageShell';

// The help centre: one section per footer link, so /help#privacy lands on its section.
export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <PageShell titleKey="pages.help.title" introKey="pages.help.intro">
      {FOOTER_LINKS.map(([anchor, key]) => (
        <article key={anchor} id={anchor} className="help-section">
          <h2>{t(key)}</h2>
          <p>{t(`pages.help.sections.${anchor}`)}</p>
          {anchor === 'contact' && <ContactChannels />}
        </article>
      ))}
    </PageShell>
  );
}
