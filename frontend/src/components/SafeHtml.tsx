import { createElement, useEffect, useState } from 'react';

// Rich text written by staff (notices, messages, help articles). The server already sanitises it with nh3
// when it is saved; the browser sanitises it again with DOMPurify before it reaches the DOM, so a row that
// slipped past (an old row, a changed allow-list, a compromised console) still cannot run a script.
// DOMPurify is loaded on first use: it is never part of the first page's bundle.

type Sanitise = (html: string) => string;

let sanitiser: Sanitise | null = null;
let loading: Promise<Sanitise> | null = null;

// The same allow-list as the server (server/content/html.py), so both layers agree on what survives.
const ALLOWED_TAGS = [
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'img', 'span',
  'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'target', 'rel'];
// http(s), mailto/tel, and relative addresses only (no javascript:, data:, vbscript:).
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function loadSanitiser(): Promise<Sanitise> {
  if (sanitiser) return Promise.resolve(sanitiser);
  return (loading ??= import('dompurify').then(
    ({ default: DOMPurify }) => {
      const purify = DOMPurify(window);
      // Every surviving link opens in a new tab without handing it this window (window.opener).
      purify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A' && node.hasAttribute('href')) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      });
      const sanitise: Sanitise = (html) =>
        purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP, ALLOW_DATA_ATTR: false });
      sanitiser = sanitise;
      return sanitise;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

export interface SafeHtmlProps {
  html: string;
  className?: string;
  as?: 'div' | 'section' | 'article' | 'span';
  testId?: string;
}

// Renders nothing of the HTML until the sanitiser is there (a first use waits one chunk); from then on
// at once.
export function SafeHtml({ html, className, as = 'div', testId }: SafeHtmlProps) {
  const [ready, setReady] = useState<Sanitise | null>(() => sanitiser);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadSanitiser().then(
      (sanitise) => {
        if (live) setReady(() => sanitise);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return createElement(as, {
    className,
    'data-testid': testId,
    'aria-busy': ready ? undefined : true,
    dangerouslySetInnerHTML: { __html: ready ? ready(html) : '' },
  });
}
