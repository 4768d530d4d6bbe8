// A member's pictures as thumbnails (feedback's, a promotion application's). They are served behind the staff
// token, which an <img> cannot send: each is fetched as a blob through the console's transport and shown
// through an object URL, revoked when the thumbnails go (or the pictures change). A thumbnail opens the full
// picture in a new tab.
import { useEffect, useState } from 'react';

type Shown = { url: string } | { failed: true } | null;

// Picture n of `id` (0 to count - 1) as a blob, fetched with the staff token.
export type FetchPicture = (id: number, n: number, signal?: AbortSignal) => Promise<Blob>;

// Each picture as it stands: null while it loads, its object URL once loaded, or failed.
export function useFetchedPictures(id: number, count: number, fetchPicture: FetchPicture): Shown[] {
  const [shown, setShown] = useState<Shown[]>(() => Array.from({ length: count }, () => null));

  useEffect(() => {
    const controller = new AbortController();
    const urls: string[] = [];
    setShown(Array.from({ length: count }, () => null));
    for (let n = 0; n < count; n += 1) {
      fetchPicture(id, n, controller.signal).then(
        (blob) => {
          if (controller.signal.aborted) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          setShown((old) => old.map((item, i) => (i === n ? { url } : item)));
        },
        () => {
          if (!controller.signal.aborted) setShown((old) => old.map((item, i) => (i === n ? { failed: true } : item)));
        },
      );
    }
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [id, count, fetchPicture]);

  return shown;
}

interface FetchedPicturesProps {
  id: number;
  count: number;
  fetchPicture: FetchPicture;
  // The list's label, picture n's (from 0) alternative text, and the words for one that failed to load.
  label: string;
  alt: (n: number) => string;
  failed: string;
}

export function FetchedPictures({ id, count, fetchPicture, label, alt, failed }: FetchedPicturesProps) {
  const shown = useFetchedPictures(id, count, fetchPicture);
  return (
    <ul className="cs-feedback-images" aria-label={label}>
      {shown.map((item, n) => {
        const text = alt(n);
        return (
          <li key={n}>
            {item === null ? (
              <span className="cs-feedback-thumb is-loading" role="img" aria-label={text} aria-busy="true" />
            ) : 'failed' in item ? (
              <span className="cs-feedback-thumb is-failed">{failed}</span>
            ) : (
              <a href={item.url} target="_blank" rel="noopener noreferrer" className="cs-feedback-thumb">
                <img src={item.url} alt={text} loading="lazy" />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
