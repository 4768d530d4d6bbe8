import { useLocation } from 'react-router';

import { HelpCentre } from '../../features/content/components/HelpCentre';
import { RESPONSIBLE_CATEGORY, ResponsibleGamingTools } from '../../features/protection/play/ResponsibleGamingTools';
import { ContactChannels } from '../../features/system/ContactChannels';
import { useTranslation } from '../../i18n/react';
import { PageShell } from './PageShell';

// The contact category also lists the ways the brand can be reached; the responsible gaming one, the member's
// tools (limits, exclusion, identity) and the support organisations (issue 34).
function extra(code: string) {
  if (code === 'CONTACT') return <ContactChannels />;
  if (code === RESPONSIBLE_CATEGORY) return <ResponsibleGamingTools />;
  return null;
}

// /help, and /helpmc: the member centre's variant, without the site's header and footer (SPEC §2.1).
export default function HelpPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === '/helpmc') {
    return (
      <section className="page container help-mc">
        <h1 className="page-title">{t('help.title')}</h1>
        <HelpCentre extra={extra} />
      </section>
    );
  }
  return (
    <PageShell titleKey="help.title" introKey="help.intro">
      <HelpCentre extra={extra} />
    </PageShell>
  );
}
