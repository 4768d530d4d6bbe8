// A picture said in a conversation: served behind the staff token, which an <img> cannot send, so it is
// fetched as a blob and shown through an object URL (revoked when the message goes). A click opens it whole.
import { useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { fetchChatImage } from '../../supportApi';

export function ChatImage({ conversationId, seq, width, height }: { conversationId: number; seq: number; width?: number; height?: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ url: string } | { failed: true } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchChatImage(conversationId, seq, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setShown({ url });
      },
      () => {
        if (!controller.signal.aborted) setShown({ failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [conversationId, seq]);

  const alt = t('support.picture');
  if (shown === null) {
    return <span className="cs-support-image is-loading" role="img" aria-label={alt} aria-busy="true" style={{ aspectRatio: width && height ? `${width} / ${height}` : undefined }} />;
  }
  if ('failed' in shown) return <span className="cs-support-image is-failed">{t('support.pictureFailed')}</span>;
  return (
    <a href={shown.url} target="_blank" rel="noopener noreferrer" className="cs-support-image">
      <img src={shown.url} alt={alt} width={width} height={height} />
    </a>
  );
}
