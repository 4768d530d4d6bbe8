import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import type { FeedbackItem } from '../api';

const when = (ms: number) => dateTime(new Date(ms).toISOString());

// The member's own feedback, newest first, each with its status and, once answered, the staff's answer (which
// also arrives as a platform message).
export function FeedbackList({ items }: { items: readonly FeedbackItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="empty-state">{t('feedback.empty')}</p>;
  return (
    <ul className="feedback-list">
      {items.map((item) => (
        <li key={item.id} className="feedback-item" data-testid="feedback-item">
          <div className="feedback-item-head">
            <span className="feedback-category">{t(`feedback.categories.${item.category}`)}</span>
            <span className={`status feedback-status-${item.status.toLowerCase()}`}>{t(`feedback.status.${item.status}`)}</span>
            <time className="muted" dateTime={new Date(item.createdAt).toISOString()}>{when(item.createdAt)}</time>
          </div>
          <p className="feedback-text">{item.content}</p>
          {item.images > 0 && <p className="muted feedback-image-count">{t('feedback.imageCount', { n: item.images })}</p>}
          {item.answer !== null && (
            <div className="feedback-answer">
              <p className="feedback-answer-label">
                {t('feedback.answer')}
                {item.answeredAt !== null && <span className="muted"> · {when(item.answeredAt)}</span>}
              </p>
              <p className="feedback-text">{item.answer}</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
