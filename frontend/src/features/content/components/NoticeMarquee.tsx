import { SvgIcon } from '../../../components/Icon';
import { useTranslation } from '../../../i18n/react';
import type { Notice } from '../api';

const SPEAKER = 'M4 10v4h3l5 4V6L7 10H4Zm12-1a4 4 0 0 1 0 6m2-9a8 8 0 0 1 0 12';

// The announcements' titles running across the home page; a title opens the Notification modal on it.
// The strip stops while hovered or focused, and stands still (scrollable) for reduced motion (content.css).
export function NoticeMarquee({ notices, onOpen }: { notices: Notice[]; onOpen: (index: number) => void }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  // Twice over, so the strip runs on without a gap; the copy is hidden from assistive technology.
  const items = (copy: boolean) =>
    notices.map((notice, i) => (
      <li key={`${copy ? 'b' : 'a'}-${notice.id}`} aria-hidden={copy || undefined}>
        <button type="button" className="marquee-item" tabIndex={copy ? -1 : undefined} onClick={() => onOpen(i)}>
          {notice.title}
        </button>
      </li>
    ));
  return (
    <section className="notice-marquee" aria-label={t('notices.marqueeLabel')} data-testid="notice-marquee">
      <span className="marquee-icon">
        <SvgIcon path={SPEAKER} size={20} />
      </span>
      <div className="marquee-window">
        <ul className="marquee-track" style={{ animationDuration: `${Math.max(12, notices.length * 8)}s` }}>
          {items(false)}
          {items(true)}
        </ul>
      </div>
    </section>
  );
}
