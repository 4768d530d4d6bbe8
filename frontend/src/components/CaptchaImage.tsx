// The image captcha of the login and registration forms. The server keeps the answer's token in an
// HttpOnly cookie, so all this component handles is the picture.
import { useCallback, useEffect, useRef, useState } from 'react';

import { call } from '../api/client';
import { useTranslation } from '../i18n/react';
import { errorText } from './errorText';

// SPEC: "Clicking the image refreshes it, at most once per second". The refresh button obeys the same
// limit: a click (or a double click) within a second of the last load fetches nothing.
export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;
// The server draws the image at this size; it is shown at exactly this size, never squashed.
export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;

export interface CaptchaImageProps {
  // Change it to force a new image, e.g. after a failed submit used the current one up.
  refreshKey?: number;
  className?: string;
}

export function CaptchaImage({ refreshKey = 0, className }: CaptchaImageProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const lastLoad = useRef(Number.NEGATIVE_INFINITY);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    // Only the newest image matches the cookie; an older answer still on its way must not replace it.
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastLoad.current = Date.now();
    call<string>('/wps/captcha', { signal: controller.signal }).then(
      (png) => {
        if (controller.signal.aborted) return;
        setImage(`data:image/png;base64,${png}`);
        setProblem(null);
      },
      (failure: unknown) => {
        // A refused fetch (e.g. too many images asked for) says why; the button stays for another try.
        if (controller.signal.aborted) return;
        setImage(null);
        setProblem(failure);
      },
    );
  }, []);

  useEffect(() => {
    load();
    return () => inFlight.current?.abort();
  }, [load, refreshKey]);

  const refresh = () => {
    if (Date.now() - lastLoad.current < CAPTCHA_REFRESH_INTERVAL_MS) return;
    load();
  };

  const newImage = t('security.newImage');
  return (
    <span className={className ? `captcha ${className}` : 'captcha'}>
      {image ? (
        // Clicking the picture refreshes it too (SPEC); the button beside it is the accessible way.
        <img
          className="captcha-image"
          src={image}
          alt={t('security.captchaAlt')}
          title={t('security.refreshCaptcha')}
          width={CAPTCHA_WIDTH}
          height={CAPTCHA_HEIGHT}
          onClick={refresh}
        />
      ) : problem !== null ? (
        // In the image's place, at the image's size, so that the form does not jump.
        <span className="captcha-image captcha-problem" role="alert">
          {errorText(t, problem)}
        </span>
      ) : (
        <span className="captcha-image captcha-placeholder" aria-hidden="true" />
      )}
      <button type="button" className="captcha-refresh" onClick={refresh} aria-label={newImage} title={newImage}>
        <span aria-hidden="true">↻</span>
      </button>
    </span>
  );
}
