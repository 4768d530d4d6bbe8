import { useAtomValue, useSetAtom } from 'jotai';
import { type AriaAttributes, type MouseEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { currentVendorAtom, navigationAtom } from '../atoms';
import { categoryPath, type NavItem, type NavTarget } from '../navigation';
import { VendorLogo } from './VendorLogo';
import '../games.css';
import '../nav.css';

type Go = (target: NavTarget) => void;

// The launch code comes with the first launch from the header, not with the first page; opening a
// category's menu fetches it ahead of the click.
const loadLaunch = () => import('../launch');

// What a click does (SPEC §2.2): launch a vendor's game, or push the page, set the current vendor and
// scroll to the top (also when the address did not change, which ScrollManager would not notice).
function useGo(pathname: string): Go {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setCurrentVendor = useSetAtom(currentVendorAtom);
  return useCallback(
    (target) => {
      if (target.type === 'launch') {
        void loadLaunch().then(({ launchVendor }) => launchVendor({ t, navigate, pathname }, target.vendor));
        return;
      }
      if (target.vassalage) setCurrentVendor(target.vassalage);
      navigate(target.to);
      window.scrollTo(0, 0);
    },
    [t, navigate, pathname, setCurrentVendor],
  );
}

function TargetLink({ target, go, className, testId, onDone, children, ...aria }: {
  target: NavTarget;
  go: Go;
  className?: string;
  testId: string;
  onDone: () => void;
  children: ReactNode;
} & AriaAttributes) {
  const click = (event: MouseEvent) => {
    // A modified click on a page link is the browser's (new tab or window).
    if (target.type === 'route' && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
    event.preventDefault();
    onDone();
    go(target);
  };
  // Pages are real links (open in a new tab works); launches are actions.
  if (target.type === 'route') {
    return <a href={target.to} className={className} data-testid={testId} onClick={click} {...aria}>{children}</a>;
  }
  return (
    <button type="button" className={className} data-testid={testId} onClick={click} {...aria}>{children}</button>
  );
}

// A category with its vendor dropdown: opens on hover and on keyboard focus, Escape closes it and returns
// focus to the category.
function NavCategory({ item, go, active }: { item: NavItem; go: Go; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLLIElement>(null);
  const refocusing = useRef(false);
  const menuId = useId();
  const hasMenu = item.vendors.length > 0;
  const close = () => setOpen(false);
  const show = () => {
    setOpen(true);
    if (item.target.type === 'launch' || item.vendors.some(({ target }) => target.type === 'launch')) {
      void loadLaunch().catch(() => undefined); // fetched again on the click if this one failed
    }
  };
  return (
    <li
      ref={box}
      className="nav-category"
      onMouseEnter={show}
      onMouseLeave={close}
      onFocus={() => {
        if (refocusing.current) refocusing.current = false;
        else show();
      }}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        close();
        const top = box.current?.querySelector<HTMLElement>('.nav-link');
        if (top && top !== document.activeElement) {
          refocusing.current = true;
          top.focus();
        }
      }}
    >
      <TargetLink target={item.target} go={go} className={active ? 'nav-link active' : 'nav-link'}
        testId={`nav-${item.key}`} onDone={close} aria-haspopup={hasMenu ? 'true' : undefined}
        aria-expanded={hasMenu ? open : undefined} aria-controls={hasMenu && open ? menuId : undefined}>
        {t(item.labelKey)}
      </TargetLink>
      {/* Faded in by CSS (nav.css): the header is on every first page, and carries no animation library. */}
      {hasMenu && open && (
        <ul id={menuId} className="nav-dropdown" aria-label={t(item.labelKey)}>
          {item.vendors.map(({ vendor, target }) => (
            <li key={vendor.vassalage}>
              <TargetLink target={target} go={go} className="nav-vendor" testId={`nav-vendor-${vendor.vassalage}`}
                onDone={close}>
                <span className="nav-vendor-name">
                  <VendorLogo vassalage={vendor.vassalage} />
                  {vendor.displayName}
                </span>
                {vendor.isHot === 1 && <span className="badge-hot small">{t('games.hot')}</span>}
              </TargetLink>
            </li>
          ))}
          {item.more && (
            <li>
              <TargetLink target={{ type: 'route', to: item.more }} go={go} className="nav-vendor nav-more"
                testId={`nav-more-${item.key}`} onDone={close}>
                {t('nav.more')}
              </TargetLink>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

// The page a category stands for, to mark it active; cockfight is only ever a launch.
function pagePath(item: NavItem): string | null {
  if (item.target.type === 'route') return item.target.to.split('?')[0] ?? null;
  return item.key === 'COCKFIGHT' ? null : categoryPath(item.key);
}

// The game categories of the header's bottom row, from the vendors loaded at boot.
export function GameNavItems() {
  const items = useAtomValue(navigationAtom);
  const { pathname } = useLocation();
  const go = useGo(pathname);
  return (
    <>
      {items.map((item) => (
        <NavCategory key={item.key} item={item} go={go} active={pathname === pagePath(item)} />
      ))}
    </>
  );
}
