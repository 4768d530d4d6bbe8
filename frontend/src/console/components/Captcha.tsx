// The login's image captcha, as the portal's (src/components/CaptchaImage.tsx) behaves: the server keeps the
// answer's token in an HttpOnly cookie, so this handles only the picture; a click on it or on the button
// beside it fetches a new one, at most once a second. The console's own copy: the portal's imports the
// portal's first-page modules (see transport.ts).
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { fetchCaptcha } from '../api';
import { problemText } from '../i18n';

export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;
const WIDTH = 160;
const HEIGHT = 60;

// Change refreshKey to force a new image, e.g. after a failed try used the current one up.
export function Captcha({ refreshKey = 0 }: { refreshKey?: number }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const lastLoad = useRef(Number.NEGATIVE_INFINITY);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    // Only the newest image matches the cookie: an older answer still on its way must not replace it.
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastLoad.current = Date.now();
    fetchCaptcha(controller.signal).then(
      (png) => {
        if (controller.signal.aborted) return;
        setImage(`data:image/png;base64,${png}`);
        setProblem(null);
      },
      (failure: unknown) => {
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
    <span className="captcha">
      {image ? (
        <img
          className="captcha-image"
          src={image}
          alt={t('security.captchaAlt')}
          title={t('security.refreshCaptcha')}
          width={WIDTH}
          height={HEIGHT}
          onClick={refresh}
        />
      ) : problem !== null ? (
        <span className="captcha-image captcha-problem" role="alert">
          {problemText(t, problem)}
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
