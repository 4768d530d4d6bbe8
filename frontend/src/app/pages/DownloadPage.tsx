import { useAtomValue } from 'jotai';

import { useTranslation } from '../../i18n/react';
import { statusAtom } from '../../state/atoms';
import { PageShell } from './PageShell';

const APPS = [
  ['IOS', 'ios', 'pages.download.ios'],
  ['MOBILECONFIG', 'ios-lite', 'pages.download.iosLite'],
  ['Android', 'android', 'pages.download.android'],
] as const;

// App downloads the merchant configured (resources IOS, MOBILECONFIG, Android).
export default function DownloadPage() {
  const { t } = useTranslation();
  const resources = useAtomValue(statusAtom)?.info.resources ?? [];
  const offered = APPS.flatMap(([type, anchor, key]) => {
    const resource = resources.find((r) => r.resourceType === type);
    return resource ? [{ anchor, key, resource }] : [];
  });
  return (
    <PageShell titleKey="pages.download.title" introKey="pages.download.intro">
      {offered.length > 0 ? (
        <div className="download-grid">
          {offered.map(({ anchor, key, resource }) => (
            <article key={anchor} id={anchor} className="card">
              <h2>{t(key)}</h2>
              <p className="muted">{resource.labelNameEn}</p>
            </article>
          ))}
        </div>
      ) : undefined}
    </PageShell>
  );
}
