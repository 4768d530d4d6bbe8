import { useEffect, useRef, useState } from 'react';

import { QrImage } from '../../../components/QrImage';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { Failed, Loading, loyaltyApi, moment, type Referral, useLoad, useMoney } from '../shared';

// How long the Copy button says "Copied".
const COPIED_FOR_MS = 2500;

type CopyState = 'idle' | 'copied' | 'refused';

// The share links of the apps players use most; each opens in a new tab with the link and a line of text.
export function shareLinks(link: string, text: string): { name: string; href: string }[] {
  const url = encodeURIComponent(link);
  const message = encodeURIComponent(`${text} ${link}`);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${message}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${url}&text=${encodeURIComponent(text)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ];
}

function Invitees({ invitees }: { invitees: Referral['invitees'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (invitees.length === 0) return <p className="empty-state">{t('loyalty.referral.noInvitees')}</p>;
  return (
    <ul className="loyalty-rows" data-testid="invitees">
      {invitees.map((invitee, i) => (
        <li key={`${invitee.name}:${invitee.registeredAt}:${i}`} className="loyalty-row" data-testid="invitee">
          <div className="loyalty-row-main">
            <span>{invitee.name}</span>
            <span className={`loyalty-status invitee-${invitee.status.toLowerCase()}`}>{t(`loyalty.referral.status.${invitee.status}`)}</span>
          </div>
          <p className="muted loyalty-row-line">
            {t('loyalty.referral.inviteeLine', { at: moment(invitee.registeredAt), deposit: money(invitee.deposit), turnover: money(invitee.turnover) })}
          </p>
          {invitee.reward !== null && (
            <p className="loyalty-row-line">{t('loyalty.referral.reward', { amount: money(invitee.reward) })}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

// referral ("Invite friends", SPEC §2.3; players only, switch REFERRAL3): the member's invite link with
// Copy and Share (the phone's own share sheet where there is one), its QR code, WhatsApp, Telegram and
// Facebook; the rules an invitee must meet for the reward; what the member earned; and each invitee with
// their status.
export function ReferralPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [reloads, setReloads] = useState(0);
  const [copy, setCopy] = useState<CopyState>('idle');
  const field = useRef<HTMLInputElement>(null);
  const state = useLoad((signal) => loyaltyApi.referral(signal), [reloads]);
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'failed') return <Failed error={state.error} onRetry={() => setReloads((n) => n + 1)} />;
  const referral = state.value;
  const { rules } = referral;
  const text = t('loyalty.referral.shareText');

  // The clipboard may be missing (an insecure page) or refused: the link is then selected in its field, for
  // the member to copy by hand, and the page says so.
  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(referral.link);
      setCopy('copied');
    } catch {
      setCopy('refused');
      field.current?.focus();
      field.current?.select();
    }
  };
  const share = async () => {
    if (typeof navigator.share !== 'function') return copyLink();
    try {
      await navigator.share({ title: t('loyalty.referral.shareTitle'), text, url: referral.link });
    } catch {
      // Closing the share sheet is not a failure worth a word.
    }
  };

  return (
    <div className="loyalty-page referral" data-testid="referral">
      <dl className="facts">
        <dt>{t('loyalty.referral.code')}</dt>
        <dd className="referral-code" data-testid="referral-code">{referral.code}</dd>
        <dt>{t('loyalty.referral.earned')}</dt>
        <dd data-testid="referral-earned">{money(referral.earned)}</dd>
      </dl>
      <div className="referral-link">
        <label htmlFor="referral-link">{t('loyalty.referral.link')}</label>
        <div className="referral-link-row">
          <input id="referral-link" ref={field} type="text" readOnly value={referral.link} data-testid="referral-link"
            onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button" onClick={() => void copyLink()}>
            {t(copy === 'copied' ? 'loyalty.referral.copied' : 'loyalty.referral.copy')}
          </button>
        </div>
        <p className="form-hint" role="status" data-testid="referral-copy-status">
          {copy === 'copied' && t('loyalty.referral.copiedNote')}
          {copy === 'refused' && t('loyalty.referral.copyRefused')}
        </p>
      </div>
      <div className="referral-share">
        <button type="button" className="button" data-testid="referral-share" onClick={() => void share()}>{t('loyalty.referral.share')}</button>
        {shareLinks(referral.link, text).map((app) => (
          <a key={app.name} className="button button-ghost" href={app.href} target="_blank" rel="noopener noreferrer"
            data-testid={`share-${app.name.toLowerCase()}`}>
            {app.name}
          </a>
        ))}
      </div>
      {referral.qrUrl && (
        <figure className="referral-qr">
          <QrImage path={referral.qrUrl} className="referral-qr-image" alt={t('loyalty.referral.qr')} failedText={t('loyalty.referral.qrFailed')}
            testId="referral-qr" pending={<Loading />} />
          <figcaption className="muted">{t('loyalty.referral.scan')}</figcaption>
        </figure>
      )}
      <Section title={t('loyalty.referral.rules')}>
        <ul className="loyalty-rules" data-testid="referral-rules">
          <li>{t('loyalty.referral.ruleReward', { amount: money(rules.reward) })}</li>
          <li>{t('loyalty.referral.ruleQualify', { deposit: money(rules.deposit), turnover: money(rules.turnover), days: rules.days })}</li>
          {rules.wagerMultiple > 0 && <li>{t('loyalty.referral.ruleWager', { times: rules.wagerMultiple })}</li>}
          <li>{t('loyalty.referral.ruleFair')}</li>
        </ul>
      </Section>
      <Section title={t('loyalty.referral.invitees')}>
        <Invitees invitees={referral.invitees} />
      </Section>
    </div>
  );
}
