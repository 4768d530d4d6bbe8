import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';

import { deferred } from '../../components/deferred';
import { Icon } from '../../components/Icon';
import { SERVICE_WINDOW } from '../../features/system/customerService';
import { useTranslation } from '../../i18n/react';
import { memberAtom } from '../../state/account';
import { statusAtom } from '../../state/atoms';

// The download entry with its QR codes (SPEC §2.2) is not on the first page's script: it shows when its chunk
// arrives, at the foot of the bar, where it moves nothing.
const SideDownload = deferred(() =>
  import('../../features/content/components/Downloads').then((module) => module.SideDownload),
);

// SPEC §2.2: the chat opens in a 440 x 750 popup, opened here, in the click, so that popup blockers let it
// through; a phone (narrower than 768 px) gets none: the chat opens in this tab. The rest (where the chat is,
// GET /wps/chat/entries) comes with the chat route's small chunk, on demand: the route table names it already,
// so this costs the first page next to nothing.
function openChat(navigate: (path: string) => void) {
  // An empty address opens about:blank (the chat's chunk sends it on).
  const popup = innerWidth < 768 ? null : open('', 'customer-service', SERVICE_WINDOW);
  void import('../../features/chat/pages/ChatPage').then((chat) => chat.launchChat(popup, navigate));
}

export function SideBar() {
  const { t } = useTranslation();
  const status = useAtomValue(statusAtom);
  const resources = status?.info.resources ?? [];
  // SPEC §2.2: members above rank level 4 get the VIP service (the server's chat entry chooses it by the
  // same rule); the entry shows when the brand has customer service at all.
  const vip = (useAtomValue(memberAtom)?.clubLabel?.rankLevel ?? 0) > 4;
  const service = status?.info.customerService.length;
  const navigate = useNavigate();
  const facebook = resources.find((r) => r.resourceType === 'FACEBOOK');
  const email = resources.find((r) => r.resourceType === 'EMAIL');
  return (
    <aside className="side-bar" aria-label={t('sidebar.label')}>
      {!!service && (
        <button type="button" className="side-item" onClick={() => openChat(navigate)}>
          <Icon name="chat" />
          <span>{vip ? t('sidebar.vipService') : t('sidebar.customerService')}</span>
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
