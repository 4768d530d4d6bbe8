import '../protection.css';

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { KYC_DOCUMENTS, type KycDocument, type KycStatus, protectionApi } from '../api';
import { moment, useMoney } from '../format';

// What the browser checks before sending (the server checks the pictures' content again): PNG or JPEG, at
// most 5 MB each, as for feedback and chat pictures.
export const KYC_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

type Side = 'front' | 'back' | 'selfie';
interface Picked {
  file: File;
  url: string;
}
type Load = { phase: 'loading' } | { phase: 'ready'; value: KycStatus } | { phase: 'failed'; error: unknown };

// A picture per side, each with its preview: an object URL released when the picture is replaced, removed or
// sent, or the form goes.
function usePictures() {
  const [pictures, setPictures] = useState<Partial<Record<Side, Picked>>>({});
  const live = useRef(pictures);
  useEffect(() => {
    live.current = pictures;
  }, [pictures]);
  useEffect(() => () => Object.values(live.current).forEach((picked) => URL.revokeObjectURL(picked.url)), []);
  const put = (side: Side, file: File | null) =>
    setPictures((current) => {
      const old = current[side];
      if (old) URL.revokeObjectURL(old.url);
      const next = { ...current };
      if (file) next[side] = { file, url: URL.createObjectURL(file) };
      else delete next[side];
      return next;
    });
  return { pictures, put };
}

function PictureSlot({ side, label, picked, disabled, onPick, onRemove }: {
  side: Side;
  label: string;
  picked: Picked | undefined;
  disabled: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kyc-slot" data-testid={`kyc-slot-${side}`}>
      <span className="kyc-slot-label">{label}</span>
      <div className="kyc-preview">
        {picked ? <img src={picked.url} alt={label} /> : <span className="muted">{t('protection.kyc.noPicture')}</span>}
      </div>
      <div className="kyc-slot-actions">
        <label className="button button-ghost protection-button">
          {picked ? t('protection.kyc.replace') : t('protection.kyc.choose')}
          <input type="file" className="visually-hidden" accept={KYC_IMAGE_TYPES.join(',')} disabled={disabled}
            data-testid={`kyc-${side}`} aria-label={label}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onPick(file);
              event.target.value = ''; // the same file may be picked again after it was removed
            }} />
        </label>
        {picked && (
          <button type="button" className="button button-ghost protection-button" disabled={disabled} onClick={onRemove}
            aria-label={t('protection.kyc.removeSide', { side: label })}>
            {t('protection.kyc.remove')}
          </button>
        )}
      </div>
    </div>
  );
}

// The document's type, its front, its back (not for a passport) and an optional selfie, sent as one multipart.
function KycForm({ onSent }: { onSent: (status: KycStatus) => void }) {
  const { t } = useTranslation();
  const typeId = useId();
  const [documentType, setDocumentType] = useState<KycDocument>('ID_CARD');
  const { pictures, put } = usePictures();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsBack = documentType !== 'PASSPORT';

  const pick = (side: Side) => (file: File) => {
    if (!(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) return setProblem(t('protection.kyc.imageType'));
    if (file.size > KYC_MAX_BYTES) return setProblem(t('protection.kyc.imageSize', { megabytes: KYC_MAX_BYTES / 1024 / 1024 }));
    setProblem(null);
    put(side, file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { front, back, selfie } = pictures;
    if (!front) return setProblem(t('protection.kyc.frontRequired'));
    if (needsBack && !back) return setProblem(t('protection.kyc.backRequired'));
    setBusy(true);
    setProblem(null);
    try {
      const status = await protectionApi.submitKyc(documentType, {
        front: front.file,
        back: needsBack && back ? back.file : null,
        selfie: selfie?.file ?? null,
      });
      onSent(status);
    } catch (error) {
      setProblem(errorText(t, error));
      setBusy(false);
    }
  };

  const slot = (side: Side) => (
    <PictureSlot side={side} label={t(`protection.kyc.sides.${side}`)} picked={pictures[side]} disabled={busy}
      onPick={pick(side)} onRemove={() => put(side, null)} />
  );
  return (
    <form className="mc-form kyc-form" data-testid="kyc-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="form-field">
        <label htmlFor={typeId}>{t('protection.kyc.documentType')}</label>
        <select id={typeId} value={documentType} disabled={busy} data-testid="kyc-document-type"
          onChange={(event) => setDocumentType(event.target.value as KycDocument)}>
          {KYC_DOCUMENTS.map((name) => (
            <option key={name} value={name}>{t(`protection.kyc.documents.${name}`)}</option>
          ))}
        </select>
      </div>
      <p className="form-hint">{t('protection.kyc.pictureHint', { megabytes: KYC_MAX_BYTES / 1024 / 1024 })}</p>
      <div className="kyc-slots">
        {slot('front')}
        {needsBack && slot('back')}
        {slot('selfie')}
      </div>
      <p className="form-hint">{t('protection.kyc.selfieHint')}</p>
      {problem && <p className="form-error" role="alert" data-testid="kyc-problem">{problem}</p>}
      <div className="form-actions">
        <button type="submit" className="button protection-button" data-testid="kyc-submit" disabled={busy}>
          {busy ? t('protection.kyc.sending') : t('protection.kyc.send')}
        </button>
      </div>
    </form>
  );
}

// The member-centre page "Verify identity" (issue 34): where the member's verification stands, what the brand
// asks for and when, and the form to send the documents while none is pending or approved.
export function VerifyIdentityPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<Load>({ phase: 'loading' });
  const [sent, setSent] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    protectionApi.kyc(abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [reloads]);
  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('protection.loading')}</p>;
  if (state.phase === 'failed') {
    return (
      <div className="protection-page" data-testid="kyc-page">
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={() => setReloads((n) => n + 1)}>{t('common.retry')}</button>
      </div>
    );
  }
  const kyc = state.value;
  const open = kyc.status === 'NONE' || kyc.status === 'REJECTED';
  return (
    <div className="protection-page" data-testid="kyc-page">
      <Section title={t('protection.kyc.statusTitle')}>
        <p className={`kyc-status kyc-${kyc.status.toLowerCase()}`} data-testid="kyc-status" data-status={kyc.status}>
          {t(`protection.kyc.status.${kyc.status}`)}
        </p>
        {kyc.documentType && kyc.status !== 'NONE' && (
          <p className="muted protection-line">{t(`protection.kyc.documents.${kyc.documentType}`)}</p>
        )}
        {kyc.submittedAt !== null && <p className="muted protection-line">{t('protection.kyc.submittedAt', { at: moment(kyc.submittedAt) })}</p>}
        {kyc.reviewedAt !== null && <p className="muted protection-line">{t('protection.kyc.reviewedAt', { at: moment(kyc.reviewedAt) })}</p>}
        {kyc.status === 'REJECTED' && (
          <p className="form-error" data-testid="kyc-reason">{t('protection.kyc.reason', { reason: kyc.reason ?? '—' })}</p>
        )}
        {sent && kyc.status === 'PENDING' && <p className="notice" role="status" data-testid="kyc-sent">{t('protection.kyc.sent')}</p>}
        <p className="form-hint" data-testid="kyc-rule">{t(`protection.kyc.rules.${kyc.rule}`, { amount: money(kyc.ruleAmount ?? '0.00') })}</p>
      </Section>
      {open && (
        <Section title={kyc.status === 'REJECTED' ? t('protection.kyc.again') : t('protection.kyc.formTitle')}>
          <KycForm
            onSent={(status) => {
              setSent(true);
              setState({ phase: 'ready', value: status });
            }}
          />
        </Section>
      )}
    </div>
  );
}

