import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';

import type { Resource } from '../../../api/system';
import { Icon } from '../../../components/Icon';
import { useTranslation } from '../../../i18n/react';
import { statusAtom } from '../../../state/atoms';
import { APP_RESOURCES, currentDevice, type Device, qrCodeOf } from '../device';
import '../content.css';

// The app downloads, on the side bar and on /down. One module, so that the page and the side bar entry
// (which every page loads, after its first paint) share one chunk.

export interface AppDownload {
  type: (typeof APP_RESOURCES)[number]['type'];
  anchor: string;
  platform: 'ios' | 'android';
  labelKey: string;
  resource: Resource;
}

// The brand's app downloads (IOS, MOBILECONFIG, Android resources), in that order; what it has not
// configured is left out.
export function useAppDownloads(): AppDownload[] {
  const resources = useAtomValue(statusAtom)?.info.resources ?? [];
  return APP_RESOURCES.flatMap((app) => {
    const resource = resources.find((r) => r.resourceType === app.type);
    return resource ? [{ ...app, resource }] : [];
  });
}

// The side bar's download entry (SPEC §2.2): it leads to /down, and shows the apps' QR codes beside it
// while hovered or focused (on wide screens; phones have no room and go to the page). The images load only
// when first shown.
export function SideDownload() {
  const { t } = useTranslation();
  const downloads = useAppDownloads();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  if (downloads.length === 0) return null;
  const show = () => {
    setShown(true);
    setOpen(true);
  };
  return (
    <div
      className="side-download"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show()}
      onPointerLeave={() => setOpen(false)}
      onFocus={show}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Link className="side-item" to="/down" data-testid="side-download">
        <Icon name="download" />
        <span>{t('sidebar.download')}</span>
      </Link>
      {shown && (
        <div className="side-download-flyout" hidden={!open} data-testid="side-download-qr">
          {downloads.map(({ type, labelKey, resource }) => (
            <figure key={type}>
              <img src={qrCodeOf(resource)} alt={t('download.qrAlt', { app: t(labelKey) })} width={112} height={112} />
              <figcaption>
                {t(labelKey)}
                {resource.demo && <span className="badge-demo">{t('download.demoBadge')}</span>}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}

type Tab = 'all' | 'ios' | 'android';

// How to install each: never by trusting an unknown developer or profile. The iOS web app needs no profile
// at all (Safari's Add to Home Screen gives the same icon).
const STEPS: Record<AppDownload['type'], string[]> = {
  IOS: ['download.iosSteps.open', 'download.iosSteps.install'],
  MOBILECONFIG: ['download.liteSteps.open', 'download.liteSteps.profile'],
  Android: ['download.androidSteps.open', 'download.androidSteps.allow', 'download.androidSteps.install'],
};

// The first tab: the visitor's own platform when the brand offers an app for it, else every app.
export function defaultTab(device: Device, downloads: AppDownload[]): Tab {
  if (device === 'desktop') return 'all';
  return downloads.some((d) => d.platform === device) ? device : 'all';
}

// The /down page's apps: per app its label, QR code (made by the server from the brand's own address),
// the link, and the steps to install it.
export function DownloadPanel({ device = currentDevice() }: { device?: Device }) {
  const { t } = useTranslation();
  const downloads = useAppDownloads();
  const [tab, setTab] = useState<Tab>(() => defaultTab(device, downloads));
  if (downloads.length === 0) return <p className="empty-state">{t('download.none')}</p>;
  const platforms = (['ios', 'android'] as const).filter((p) => downloads.some((d) => d.platform === p));
  const shown = downloads.filter((d) => tab === 'all' || d.platform === tab);
  return (
    <div className="download-panel">
      {platforms.length > 1 && (
        <div className="tabs" role="tablist" aria-label={t('download.platforms')}>
          {(['all', ...platforms] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={tab === p}
              className={tab === p ? 'tab active' : 'tab'}
              onClick={() => setTab(p)}
            >
              {t(`download.tabs.${p}`)}
            </button>
          ))}
        </div>
      )}
      <div className="download-apps" data-testid="download-apps">
        {shown.map(({ type, anchor, labelKey, resource }) => (
          <article key={type} className="card download-app" id={anchor} data-testid={`download-${type}`}>
            <h2>
              {t(labelKey)}
              {resource.demo && <span className="badge-demo">{t('download.demoBadge')}</span>}
            </h2>
            {/* A demo's stand-in address (a reserved name that leads nowhere) says what it is. */}
            {resource.demo && (
              <p className="download-demo" data-testid="download-demo">
                {t('download.demoNote', { url: resource.url })}
              </p>
            )}
            <img
              className="download-qr"
              src={qrCodeOf(resource)}
              alt={t('download.qrAlt', { app: t(labelKey) })}
              width={180}
              height={180}
            />
            <p className="muted download-scan">{t('download.scan')}</p>
            <a className="button download-link" href={resource.url}>
              {t(type === 'MOBILECONFIG' ? 'download.installProfile' : 'download.get', { app: t(labelKey) })}
            </a>
            <details className="download-steps">
              <summary>{t('download.stepsTitle')}</summary>
              <ol>
                {STEPS[type].map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ol>
            </details>
          </article>
        ))}
      </div>
    </div>
  );
}
