import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { usePickedImages } from '../../../components/usePickedImages';
import { useTranslation } from '../../../i18n/react';
import { FEEDBACK_CATEGORIES, type FeedbackCategory, feedbackApi } from '../api';
import { admitImages, contentLength, FEEDBACK_ERROR_CODES, MAX_CONTENT, MAX_IMAGE_BYTES, MAX_IMAGES } from '../rules';
import { ImagePicker } from './ImagePicker';

// The server's feedback codes in the feedback form's own words; anything else as every error reads.
export function feedbackErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && (FEEDBACK_ERROR_CODES as readonly string[]).includes(error.code)) {
    return t(`feedback.errors.${error.code}`, { max: MAX_IMAGES, megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });
  }
  return errorText(t, error);
}

const IMAGE_PROBLEMS = { type: 'imageType', size: 'imageSize', count: 'imageCount' } as const;

// The feedback form: a category, the text (up to 2000 characters, counted as it is typed) and up to three
// PNG or JPEG images of 5 MB at most. The browser refuses what the server would, before anything is sent.
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [content, setContent] = useState('');
  const { images, pick: pickImages, remove, clear: clearImages } = usePickedImages(admitImages);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const length = contentLength(content);

  const pick = (files: File[]) => {
    const refused = pickImages(files);
    setProblem(
      refused ? t(`feedback.errors.${IMAGE_PROBLEMS[refused]}`, { max: MAX_IMAGES, megabytes: MAX_IMAGE_BYTES / 1024 / 1024 }) : null,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!category) return setProblem(t('feedback.errors.category'));
    if (!content.trim()) return setProblem(t('feedback.errors.content'));
    if (length > MAX_CONTENT) return setProblem(t('feedback.errors.contentLong', { max: MAX_CONTENT }));
    setBusy(true);
    setProblem(null);
    try {
      await feedbackApi.send(category, content, images.map((image) => image.file));
      clearImages();
      setContent('');
      setCategory('');
      setSent(true);
      onSent();
    } catch (error) {
      setProblem(feedbackErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mc-form feedback-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-field">
        <label htmlFor="feedback-category">{t('feedback.category')}</label>
        <select id="feedback-category" value={category} disabled={busy}
          onChange={(event) => setCategory(event.target.value as FeedbackCategory)}>
          <option value="">{t('feedback.chooseCategory')}</option>
          {FEEDBACK_CATEGORIES.map((name) => (
            <option key={name} value={name}>{t(`feedback.categories.${name}`)}</option>
          ))}
        </select>
      </div>
      <div className={length > MAX_CONTENT ? 'form-field has-error' : 'form-field'}>
        <label htmlFor="feedback-content">{t('feedback.content')}</label>
        <textarea id="feedback-content" rows={6} value={content} disabled={busy}
          placeholder={t('feedback.contentPlaceholder')} aria-describedby="feedback-counter"
          onChange={(event) => setContent(event.target.value)} />
        <p id="feedback-counter" className={length > MAX_CONTENT ? 'form-error feedback-counter' : 'form-hint feedback-counter'}>
          {t('feedback.counter', { length, max: MAX_CONTENT })}
        </p>
      </div>
      <ImagePicker images={images} onPick={pick} onRemove={remove} disabled={busy} />
      {problem && <p className="form-error" role="alert">{problem}</p>}
      {sent && <p className="form-hint feedback-sent" role="status">{t('feedback.sent')}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>{t('feedback.send')}</button>
      </div>
    </form>
  );
}
