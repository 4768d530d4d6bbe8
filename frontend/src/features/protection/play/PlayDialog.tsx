import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

import './play.css';

export interface PlayDialogProps {
  testId: string;
  title: string;
  children: ReactNode;
  // The buttons; the first one takes the focus when the dialog opens.
  actions: ReactNode;
  // Escape: what the dialog's first (gentlest) button does.
  onEscape: () => void;
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

// A modal dialog over the game (player protection): labelled by its title and described by its body, the
// focus moved in on its first button and kept inside while it is open (Tab and Shift+Tab wrap), Escape for its
// gentle way out, and the focus given back where it was when it closes. It moves only where the player has
// not asked for reduced motion (play.css). The page's own popups' look (global .modal), a bottom sheet on a
// phone.
export function PlayDialog({ testId, title, children, actions, onEscape }: PlayDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>('.play-dialog__actions button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        escape.current();
        return;
      }
      if (event.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = box.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, []);

  return createPortal(
    <div className="modal-backdrop play-backdrop">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid={testId}
        className="modal play-dialog"
      >
        <header className="modal-header play-dialog__header">
          <h2 id={titleId}>{title}</h2>
        </header>
        <div className="modal-body">
          <div id={bodyId}>{children}</div>
          <div className="form-actions play-dialog__actions">{actions}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
