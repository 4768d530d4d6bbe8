// The application activity on its page (/promoDetail of an APPLICATION): the member's form, opened by the
// APPLY button (a remark of at most 140 characters counted as it is typed, up to three PNG or JPEG pictures of
// 5 MB at most, checked before anything is sent, previewed and removable), and then their application as staff
// left it: waiting for review, rejected with the reason, or approved with the bonus paid.
import { useAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { type PickedImage, usePickedImages } from '../../../components/usePickedImages';
import { useTranslation } from '../../../i18n/react';
import { refreshBalance } from '../../../state/balance';
import type { ActionResult, PromotionDetail, Reward } from '../api';
import {
  admitImages,
  applicationApi,
  applicationFormAtom,
  IMAGE_ERROR_CODES,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  REMARK_MAX,
  remarkLength,
} from '../applicationApi';
import { useMoney } from '../format';

const LIMITS = { max: MAX_IMAGES, megabytes: MAX_IMAGE_BYTES / 1024 / 1024 };

// Up to three pictures, each previewed with a remove button.
function Pictures({ images, onPick, onRemove, disabled }: {
  images: readonly PickedImage[];
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="promo-application-images">
      {images.length > 0 && (
        <ul className="promo-application-previews">
          {images.map((image, i) => (
            <li key={image.url} className="promo-application-preview">
              <img src={image.url} alt={image.file.name} />
              <button type="button" className="promo-application-remove" disabled={disabled} onClick={() => onRemove(i)}
                aria-label={t('promotions.application.removeImage', { name: image.file.name })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.length < MAX_IMAGES && (
        <label className="button button-ghost button-small promo-application-add">
          {t('promotions.application.addImages')}
          <input type="file" className="visually-hidden" accept={IMAGE_TYPES.join(',')} multiple disabled={disabled}
            data-testid="application-files"
            onChange={(event) => {
              onPick(Array.from(event.target.files ?? []));
              event.target.value = ''; // the same file may be picked again after it was removed
            }} />
        </label>
      )}
      <p className="muted">{t('promotions.application.imageHint', LIMITS)}</p>
    </div>
  );
}

interface FormProps {
  detail: PromotionDetail;
  onApplied: (result: ActionResult) => void;
  onClose: () => void;
}

export function ApplicationForm({ detail, onApplied, onClose }: FormProps) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const { images, pick: pickImages, remove } = usePickedImages(admitImages);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = remarkLength(remark);
  const tooLong = length > REMARK_MAX;

  const pick = (files: File[]) => {
    const refused = pickImages(files);
    setProblem(
      refused ? t(`promotions.application.${refused}`, LIMITS) : null,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (tooLong) return setProblem(t('promotions.application.remarkLong', { max: REMARK_MAX }));
    setBusy(true);
    setProblem(null);
    try {
      const result = await applicationApi.apply(detail.id, remark.trim(), images.map((image) => image.file));
      onApplied(result);
      onClose();
    } catch (error) {
      setProblem(
        error instanceof ApiError && (IMAGE_ERROR_CODES as readonly string[]).includes(error.code)
          ? t(`promotions.application.${error.code}`, LIMITS)
          : errorText(t, error),
      );
      setBusy(false);
    }
  };

  return (
    <section className="promo-section promo-application" aria-labelledby="promo-application-title" data-testid="promo-application-form">
      <h2 id="promo-application-title">{t('promotions.application.title')}</h2>
      <p className="muted">{t('promotions.application.intro')}</p>
      <form className="mc-form promo-application-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className={tooLong ? 'form-field has-error' : 'form-field'}>
          <label htmlFor="promo-application-remark">{t('promotions.application.remark')}</label>
          <textarea id="promo-application-remark" rows={3} value={remark} disabled={busy}
            placeholder={t('promotions.application.remarkPlaceholder')} aria-describedby="promo-application-counter"
            onChange={(event) => setRemark(event.target.value)} />
          <p id="promo-application-counter" aria-live="polite"
            className={tooLong ? 'form-error' : 'form-hint'}>
            {t('promotions.application.counter', { length, max: REMARK_MAX })}
          </p>
        </div>
        <Pictures images={images} onPick={pick} onRemove={remove} disabled={busy} />
        {problem && <p className="form-error" role="alert">{problem}</p>}
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy || tooLong} aria-busy={busy || undefined}>
            {t('promotions.application.send')}
          </button>
          <button type="button" className="button button-ghost" disabled={busy} onClick={onClose}>
            {t('promotions.application.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

// The member's application as staff left it.
function ApplicationState({ entry }: { entry: Reward }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="promo-section promo-application" aria-labelledby="promo-application-state" data-testid="promo-application">
      <h2 id="promo-application-state">{t('promotions.application.mine')}</h2>
      <p className={`promo-application-status promo-application-${entry.status.toLowerCase()}`} role="status">
        {entry.status === 'APPLYING' && t('promotions.application.waiting')}
        {entry.status === 'REJECTED' && t('promotions.application.rejected')}
        {entry.status === 'ISSUED' && t('promotions.application.approved', { amount: money(entry.amount) })}
      </p>
      {entry.status === 'REJECTED' && entry.reviewReason && (
        <p className="promo-application-reason">
          <span className="promo-application-label">{t('promotions.application.reason')}</span> {entry.reviewReason}
        </p>
      )}
      {entry.remark && (
        <p className="promo-application-remark">
          <span className="promo-application-label">{t('promotions.application.remark')}</span> {entry.remark}
        </p>
      )}
      {(entry.images ?? 0) > 0 && <p className="muted">{t('promotions.application.images', { n: entry.images })}</p>}
    </section>
  );
}

// The page's part: the form while it is open (and the member may apply), else their application if any.
export function ApplicationPanel({ detail, onApplied }: { detail: PromotionDetail; onApplied: (result: ActionResult) => void }) {
  const [open, setOpen] = useAtom(applicationFormAtom);
  const showForm = open === detail.id && detail.action === 'APPLY';
  useEffect(() => {
    // Leaving the page closes the form.
    return () => setOpen((id) => (id === detail.id ? null : id));
  }, [detail.id, setOpen]);

  if (showForm) {
    return (
      <ApplicationForm detail={detail} onClose={() => setOpen(null)}
        onApplied={(result) => {
          onApplied(result);
          if (result.reward?.status === 'ISSUED') void refreshBalance();
        }} />
    );
  }
  const entry = detail.entry;
  if (entry && (entry.status === 'APPLYING' || entry.status === 'REJECTED' || entry.status === 'ISSUED')) {
    return <ApplicationState entry={entry} />;
  }
  return null;
}
