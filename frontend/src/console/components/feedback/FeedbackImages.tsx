// A feedback's pictures as thumbnails, fetched with the staff token (FetchedPictures); a thumbnail opens the
// full picture in a new tab.
import { useTranslation } from '../../../i18n/react';
import { fetchFeedbackImage } from '../../feedbackApi';
import { FetchedPictures } from '../FetchedPictures';

export function FeedbackImages({ id, count }: { id: number; count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <FetchedPictures
      id={id}
      count={count}
      fetchPicture={fetchFeedbackImage}
      label={t('feedback.images', { n: String(count) })}
      alt={(n) => t('feedback.image', { n: String(n + 1), id: String(id) })}
      failed={t('feedback.imageFailed')}
    />
  );
}
