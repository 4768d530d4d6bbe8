import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { deferred } from '../../components/deferred';
import { Icon, SvgIcon } from '../../components/Icon';
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

const HELP_ICON = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-12a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01';

// The side bar's entries (SPEC §2.2) folded into one floating button at the bottom corner, which opens them
// as a small menu: it covers nothing (the layout keeps its corner free below the page) and a phone keeps its
// width for the page.
export function SideBar() {
  const { t } = useTranslation();
  const status = useAtomValue(statusAtom);
  const resources = status?.info.resources ?? [];
  // SPEC §2.2: members above rank level 4 get the VIP service (the server's chat entry chooses it by the
  // same rule); the entry shows when the brand has customer service at all.
  const vip = (useAtomValue(memberAtom)?.clubLabel?.rankLevel ?? 0) > 4;
  const service = status?.info.customerService.length;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const facebook = resources.find((r) => r.resourceType === 'FACEBOOK');
  const email = resources.find((r) => r.resourceType === 'EMAIL');
  return (
    <aside className="side-bar" aria-label={t('sidebar.label')}>
      {open && (
        <div className="side-menu" id="side-menu" data-testid="side-menu">
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
        </div>
      )}
      <button
        type="button"
        className="side-toggle"
        aria-expanded={open}
        aria-controls="side-menu"
        aria-label={open ? t('sidebar.close') : t('sidebar.open')}
        data-testid="side-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <Icon name="close" size={26} /> : <SvgIcon path={HELP_ICON} size={26} />}
      </button>
    </aside>
  );
}
