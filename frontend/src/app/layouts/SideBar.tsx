import { useAtomValue } from 'jotai';

import { deferred } from '../../components/deferred';
import { Icon } from '../../components/Icon';
import { openServiceWindow, serviceEntry } from '../../features/system/customerService';
import { useTranslation } from '../../i18n/react';
import { memberAtom } from '../../state/account';
import { statusAtom } from '../../state/atoms';

// The download entry with its QR codes (SPEC §2.2) is not on the first page's script: it shows when its chunk
// arrives, at the foot of the bar, where it moves nothing.
const SideDownload = deferred(() =>
  import('../../features/content/components/Downloads').then((module) => module.SideDownload),
);

export function SideBar() {
  const { t } = useTranslation();
  const status = useAtomValue(statusAtom);
  const resources = status?.info.resources ?? [];
  // SPEC §2.2: members above rank level 4 get the VIP service.
  const rankLevel = useAtomValue(memberAtom)?.clubLabel?.rankLevel ?? null;
  const service = serviceEntry(status, rankLevel);
  const facebook = resources.find((r) => r.resourceType === 'FACEBOOK');
  const email = resources.find((r) => r.resourceType === 'EMAIL');
  return (
    <aside className="side-bar" aria-label={t('sidebar.label')}>
      {service && (
        <button type="button" className="side-item" onClick={() => openServiceWindow(service.path)}>
          <Icon name="chat" />
          <span>{service.csType === 'VIP' ? t('sidebar.vipService') : t('sidebar.customerService')}</span>
        </button>
      )}
      {facebook && (
        <a className="side-item" href={facebook.url} target="_blank" rel="noreferrer">
          <Icon name="facebook" />
          <span>{t('sidebar.facebook')}</span>
        </a>
      )}
      {email && (
        <a className="side-item" href={email.url}>
          <Icon name="email" />
          <span>{t('sidebar.email')}</span>
        </a>
      )}
      <SideDownload.Component />
    </aside>
  );
}
