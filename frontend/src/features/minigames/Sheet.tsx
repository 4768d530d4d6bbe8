// A game's sheet over the page: from the bottom on a phone, a dialog on a wider screen. Focus moves into it
// and stays there (Tab and Shift+Tab go round), Escape or the backdrop closes it, and the page behind does
// not scroll meanwhile; the launcher takes the focus back (its opener).
import { m } from 'framer-motion';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

import { MotionScope } from '../../components/MotionScope';
import { useTranslation } from '../../i18n/react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { PHONE } from './shared';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

export function Sheet({ title, onClose, children, testId }: { title: ReactNode; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE, false);
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const element = box.current;
    element?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !element) return;
      const items = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => !item.closest('[inert]'));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === element)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!element.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = previous;
    };
  }, []);

  return createPortal(
    <MotionScope>
      <div className="mg-backdrop" onClick={onClose} data-testid="mini-game-backdrop" />
      <m.div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        className={phone ? 'mg-sheet mg-sheet-bottom' : 'mg-sheet mg-sheet-dialog'}
        initial={phone ? { y: '100%' } : { opacity: 0, scale: 0.96 }}
        animate={phone ? { y: 0 } : { opacity: 1, scale: 1 }}
        transition={{ duration: 0.2 }}
      >
        <header className="mg-sheet-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="mg-icon-button" aria-label={t('common.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="mg-sheet-body">{children}</div>
      </m.div>
    </MotionScope>,
    document.body,
  );
}
