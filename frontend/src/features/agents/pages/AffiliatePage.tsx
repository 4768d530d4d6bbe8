import { useEffect, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { QrImage } from '../../../components/QrImage';
import { useTranslation } from '../../../i18n/react';
import { type AffiliateLink, agentApi } from '../api';
import { Loading } from '../components/common';
import '../affiliate.css';

// How long the Copy button says "Copied".
export const COPIED_FOR_MS = 2500;

type CopyState = 'idle' | 'copied' | 'refused';

// The QR code of the link, drawn by the server (components/QrImage).
function QrCode({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <QrImage path={path} className="ac-qr" alt={t('agentCentre.affiliate.qr')} failedText={t('agentCentre.affiliate.qrFailed')}
      testId="agent-affiliate-qr" pending={<Loading />} />
  );
}

// agentAffiliate ("My link"): the agent's invitation code, the registration link on the brand's own domain
// with a Copy button, and the link's QR code for a phone to scan. A brand without a domain has no link: the
// code alone, which a new player types in the registration form.
export function AffiliatePage() {
  const { t } = useTranslation();
  const [mine, setMine] = useState<AffiliateLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    agentApi.affiliateLink().then(
      (found) => live && setMine(found),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [t]);
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (!mine) return <Loading />;
  const { link, qrUrl } = mine;

  // The clipboard may be missing (an insecure page) or refused (permissions): the link is then selected in
  // its field, for the agent to copy by hand, and the page says so.
  const copyLink = async () => {
    if (!link) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('refused');
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <div className="ac-page ac-affiliate" data-testid="agent-affiliate">
      <dl className="ac-totals">
        <div className="ac-total">
          <dt>{t('agentCentre.affiliate.code')}</dt>
          <dd className="ac-code" data-testid="agent-affiliate-code">{mine.code}</dd>
        </div>
      </dl>
      {link ? (
        <>
          <div className="ac-link">
            <label htmlFor="agent-affiliate-link">{t('agentCentre.affiliate.link')}</label>
            <div className="ac-link-row">
              <input id="agent-affiliate-link" ref={field} type="text" readOnly value={link} data-testid="agent-affiliate-link"
                onFocus={(event) => event.currentTarget.select()} />
              <button type="button" className="button" onClick={() => void copyLink()}>
                {t(copy === 'copied' ? 'agentCentre.affiliate.copied' : 'agentCentre.affiliate.copy')}
              </button>
            </div>
            <p className="form-hint" role="status" data-testid="agent-affiliate-copy-status">
              {copy === 'copied' && t('agentCentre.affiliate.copiedNote')}
              {copy === 'refused' && t('agentCentre.affiliate.copyRefused')}
            </p>
          </div>
          {qrUrl && (
            <figure className="ac-qr-box">
              <QrCode path={qrUrl} />
              <figcaption className="muted">{t('agentCentre.affiliate.scan')}</figcaption>
            </figure>
          )}
        </>
      ) : (
        <p className="form-hint" data-testid="agent-affiliate-no-link">{t('agentCentre.affiliate.noLink')}</p>
      )}
      <p className="form-hint">{t('agentCentre.affiliate.explain')}</p>
    </div>
  );
}
