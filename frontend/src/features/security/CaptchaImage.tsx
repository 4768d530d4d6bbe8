// The image captcha of the login and registration forms. The server keeps the answer's token in an
// HttpOnly cookie, so all this component handles is the picture.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { call } from '../../api/client';

// SPEC: "Clicking the image refreshes it, at most once per second".
export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;

export interface CaptchaImageProps {
  // Change it to force a new image, e.g. after a failed submit used the current one up.
  refreshKey?: number;
  className?: string;
}

export function CaptchaImage({ refreshKey = 0, className }: CaptchaImageProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
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
        if (!controller.signal.aborted) setImage(`data:image/png;base64,${png}`);
      },
      () => {
        // A refused or failed fetch leaves the button for another try.
        if (!controller.signal.aborted) setImage(null);
      },
    );
  }, []);

  useEffect(() => {
    load();
    return () => inFlight.current?.abort();
  }, [load, refreshKey]);

  const onClick = () => {
    if (Date.now() - lastLoad.current < CAPTCHA_REFRESH_INTERVAL_MS) return;
    load();
  };

  const label = t('security.refreshCaptcha');
  return (
    <button
      type="button"
      className={className ? `captcha-image ${className}` : 'captcha-image'}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      {image ? <img src={image} alt={t('security.captchaAlt')} width={120} height={44} /> : <span>{label}</span>}
    </button>
  );
}
