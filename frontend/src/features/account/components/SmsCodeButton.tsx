import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';

export const PRESS_THROTTLE_MS = 1000; // SPEC §9: one press per second
export const SECONDS_PER_EXPIRY_MINUTE = 60; // SPEC §4: disabled 60 s x expiredMinutes

interface SmsCodeButtonProps {
  // Sends the code; resolves to expiredMinutes. Throws to keep the button available.
  send: () => Promise<number>;
  // The mobile number is valid: without it no request is made (SPEC §5).
  ready: () => boolean;
  onError: (error: unknown) => void;
}

export function SmsCodeButton({ send, ready, onError }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const lastPress = useRef(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  const press = async () => {
    const now = Date.now();
    if (now - lastPress.current < PRESS_THROTTLE_MS || secondsLeft > 0 || sending) return;
    lastPress.current = now;
    if (!ready()) return;
    setSending(true);
    try {
      const minutes = await send();
      setSecondsLeft(SECONDS_PER_EXPIRY_MINUTE * Math.max(1, minutes));
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-ghost sms-button"
      disabled={secondsLeft > 0 || sending}
      onClick={() => void press()}
    >
      {secondsLeft > 0 ? t('account.sms.countdown', { seconds: secondsLeft }) : t('account.sms.getCode')}
    </button>
  );
}
