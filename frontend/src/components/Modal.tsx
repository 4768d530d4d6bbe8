import { AnimatePresence, m, useDragControls } from 'framer-motion';
import { type ReactNode, useEffect, useId } from 'react';
import { createPortal } from 'react-dom';

import { useTranslation } from '../i18n/react';
import { MotionScope } from './MotionScope';

// The generic modal of SPEC §2.5: a close control, the page scroll locked while open, no closing on a
// background click, draggable by its title bar, 600 x 300 by default (dialogs 400 wide), and Escape
// closes it when click-to-close is on.
export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  minHeight?: number;
  variant?: 'modal' | 'dialog';
  closeOnEscape?: boolean;
  testId?: string;
}

let openCount = 0;

function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    openCount += 1;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.style.overflow = previous;
    };
  }, [active]);
}

export function Modal({
  open,
  title,
  onClose,
  children,
  width,
  minHeight = 300,
  variant = 'modal',
  closeOnEscape = true,
  testId,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const drag = useDragControls();
  useScrollLock(open);
  useEffect(() => {
    if (!open || !closeOnEscape) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, closeOnEscape, onClose]);
  const boxWidth = width ?? (variant === 'dialog' ? 400 : 600);
  return createPortal(
    <MotionScope>
      <AnimatePresence>
        {open && (
          <m.div className="modal-backdrop" initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }}>
            <m.div
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              data-testid={testId}
              className="modal"
              style={{ width: `min(${boxWidth}px, calc(100vw - 24px))`, minHeight: variant === 'dialog' ? undefined : minHeight }}
              drag
              dragControls={drag}
              dragListener={false}
              dragMomentum={false}
              initial={{ opacity: 0, y: 24, scale: 0.98 }}
              animate={{ opacity: 1, y: 0, scale: 1 }}
              exit={{ opacity: 0, y: 12, scale: 0.98 }}
              transition={{ duration: 0.18 }}
            >
              <header className="modal-header" onPointerDown={(event) => drag.start(event)}>
                <h2 id={titleId}>{title}</h2>
                <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
                  ×
                </button>
              </header>
              <div className="modal-body">{children}</div>
            </m.div>
          </m.div>
        )}
      </AnimatePresence>
    </MotionScope>,
    document.body,
  );
}
