import type { ReactNode } from 'react';

import { fetchFile, useFileUrl } from '../api/files';

interface QrImageProps {
  path: string;
  alt: string;
  failedText: string;
  className?: string;
  testId?: string;
  // Shown while the picture is on its way.
  pending?: ReactNode;
}

// A QR code the server draws (an SVG) for a link of the member's own: the call needs the session's headers,
// which an <img src> cannot send, so the SVG comes by fetch and is shown from an object URL, still in an
// <img>, where an SVG is a picture only (no script runs, nothing else loads), so nothing in it needs
// sanitising, as it would inline. The agent's link (agent centre) and the member's invite link share it.
export function QrImage({ path, alt, failedText, className, testId, pending = null }: QrImageProps) {
  const { url, failed } = useFileUrl(path, (signal) => fetchFile(path, {}, signal));
  if (failed) return <p className="form-error" role="alert">{failedText}</p>;
  if (!url) return pending;
  return <img className={className} src={url} alt={alt} width={240} height={240} data-testid={testId} />;
}
