import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { memberActionAllowed } from '../../../state/account';
import { tokenAtom } from '../../../state/atoms';
import { memberCentreAtom, type MemberPage } from '../../../state/memberCentre';
import { playApi, type SupportOrganisation } from './api';
import './play.css';

// The member-centre pages this block opens (player protection's settings and the identity check).
const RESPONSIBLE_GAMING: MemberPage = 'responsibleGaming';
const KYC: MemberPage = 'verifyIdentity';

// Only what a link may safely point at: a web address, never script.
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

// The Responsible Gaming help article's block (issue 34): buttons to the member centre's Responsible gaming
// page and identity verification (a visitor is asked to log in first, a trial account told it needs a real
// one), and the brand's support organisations with their sites and phone numbers.
export function RgHelpTools() {
  const { t } = useTranslation();
  const headingId = useId();
  const token = useAtomValue(tokenAtom);
  const openPage = useSetAtom(memberCentreAtom);
  const [organisations, setOrganisations] = useState<SupportOrganisation[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    playApi.organisations(abort.signal).then(
      (found) => setOrganisations(found.list),
      () => {
        if (!abort.signal.aborted) setOrganisations([]);
      },
    );
    return () => abort.abort();
  }, []);
  const open = (page: MemberPage) => {
    if (memberActionAllowed()) openPage(page);
  };
  return (
    <section className="rg-tools" data-testid="rg-help-tools" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId}>{t('protectionPlay.help.title')}</h3>
        <p>{t('protectionPlay.help.intro')}</p>
        {!token && <p className="muted" data-testid="rg-help-login">{t('protectionPlay.help.logIn')}</p>}
        <div className="form-actions">
          <button type="button" className="button" data-testid="rg-help-settings" onClick={() => open(RESPONSIBLE_GAMING)}>
            {t('protectionPlay.help.settings')}
          </button>
          <button type="button" className="button button-ghost" data-testid="rg-help-kyc" onClick={() => open(KYC)}>
            {t('protectionPlay.help.verify')}
          </button>
        </div>
      </div>
      {organisations !== null && organisations.length > 0 && (
        <div>
          <h3>{t('protectionPlay.help.organisations')}</h3>
          <p className="muted">{t('protectionPlay.help.organisationsIntro')}</p>
          <ul className="rg-tools__orgs" data-testid="rg-organisations">
            {organisations.map((organisation) => {
              const href = safeUrl(organisation.url);
              return (
                <li key={`${organisation.name}-${organisation.url}`} data-testid="rg-organisation">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {organisation.name}
                    </a>
                  ) : (
                    <span>{organisation.name}</span>
                  )}
                  {organisation.phone && (
                    <a href={`tel:${organisation.phone.replace(/[^\d+]/g, '')}`} className="muted">
                      {t('protectionPlay.help.phone', { phone: organisation.phone })}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
