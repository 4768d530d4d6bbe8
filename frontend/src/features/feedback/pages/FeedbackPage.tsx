import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { type FeedbackItem, feedbackApi } from '../api';
import { FeedbackForm } from '../components/FeedbackForm';
import { FeedbackList } from '../components/FeedbackList';
import '../feedback.css';

// The member centre's feedback page: the form, then "my feedback" with the staff's answers.
export function FeedbackPage() {
  const { t } = useTranslation();
  const [items, setItems] = useState<FeedbackItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    feedbackApi.list().then(
      (answer) => {
        if (!live) return;
        setItems(answer.list);
        setError(null);
      },
      (e: unknown) => {
        if (live) setError(errorText(t, e));
      },
    );
    return () => {
      live = false;
    };
  }, [reloads, t]);
  return (
    <div className="feedback-page" data-testid="feedback-page">
      <p className="muted">{t('feedback.intro')}</p>
      <FeedbackForm onSent={() => setReloads((n) => n + 1)} />
      <section className="mc-section">
        <h3>{t('feedback.mine')}</h3>
        {error && <p className="form-error" role="alert">{error}</p>}
        {items && <FeedbackList items={items} />}
      </section>
    </div>
  );
}
