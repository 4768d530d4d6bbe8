// A feedback's pictures as thumbnails. They are served behind the staff token, which an <img> cannot send:
// each is fetched as a blob through the console's transport and shown through an object URL, revoked when
// the thumbnails go (or the feedback changes). A thumbnail opens the full picture in a new tab.
import { useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { fetchFeedbackImage } from '../../feedbackApi';

type Shown = { url: string } | { failed: true } | null;

export function FeedbackImages({ id, count }: { id: number; count: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown[]>(() => Array.from({ length: count }, () => null));

  useEffect(() => {
    const controller = new AbortController();
    const urls: string[] = [];
    setShown(Array.from({ length: count }, () => null));
    for (let n = 0; n < count; n += 1) {
      fetchFeedbackImage(id, n, controller.signal).then(
        (blob) => {
          if (controller.signal.aborted) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          setShown((old) => old.map((item, i) => (i === n ? { url } : item)));
        },
        () => {
          if (!controller.signal.aborted) setShown((old) => old.map((item, i) => (i === n ? { failed: true } : item)));
        },
      );
    }
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [id, count]);

  if (count === 0) return null;
  return (
    <ul className="cs-feedback-images" aria-label={t('feedback.images', { n: String(count) })}>
      {shown.map((item, n) => {
        const alt = t('feedback.image', { n: String(n + 1), id: String(id) });
        return (
          <li key={n}>
            {item === null ? (
              <span className="cs-feedback-thumb is-loading" role="img" aria-label={alt} aria-busy="true" />
            ) : 'failed' in item ? (
              <span className="cs-feedback-thumb is-failed">{t('feedback.imageFailed')}</span>
            ) : (
              <a href={item.url} target="_blank" rel="noopener noreferrer" className="cs-feedback-thumb">
                <img src={item.url} alt={alt} loading="lazy" />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
