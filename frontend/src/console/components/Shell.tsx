// The console around its sections: the top bar (who is signed in, the language, log out) and the side
// navigation with the sections this login's permissions open (a row of tabs on narrower screens).
import type { TFunction } from 'i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink, Outlet } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { useLiveConnection } from '../live';
import { navFor } from '../permissions';
import { meAtom, merchantAtom, signOutAtom } from '../store';
import { CASHIER_PATH, CashierBadge } from './cashier/CashierBadge';
import { FeedbackBadge } from './feedback/FeedbackBadge';
import { FEEDBACK_PATH } from './feedback/rules';
import { LanguageSelect } from './LanguageSelect';
import { SupportBadge } from './support/SupportBadge';
import { SUPPORT_PATH } from './support/rules';

export function roleLabel(t: TFunction, role: string): string {
  return t(`roles.${role}`, { defaultValue: role });
}

// Log out: the token is forgotten here (there is no staff logout call); the signed-in routes then send
// the staff member to the login, which starts afresh rather than returning to the page left.
export function useLogOut(): () => void {
  const signOut = useSetAtom(signOutAtom);
  return () => signOut();
}

export function Shell() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const merchant = useAtomValue(merchantAtom);
  const logOut = useLogOut();
  useLiveConnection(); // the console's one socket, for as long as the signed-in shell is shown
  if (!me) return null; // SignedIn renders the shell only once the account is read
  const sections = navFor(me.permissions);
  return (
    <div className={sections.length > 0 ? 'cs-shell' : 'cs-shell no-nav'}>
      <header className="cs-topbar">
        <span className="cs-brand">
          {t('app.title')}
          <span className="cs-merchant">{t('app.merchant', { code: merchant })}</span>
        </span>
        <span className="cs-topbar-tools">
          <span className="cs-user" data-testid="signed-in">
            <span className="cs-nickname">{me.nickname}</span>
            <span className="cs-role">{roleLabel(t, me.role)}</span>
          </span>
          <LanguageSelect />
          <button type="button" className="cs-button secondary small" onClick={logOut}>
            {t('shell.logout')}
          </button>
        </span>
      </header>
      {sections.length > 0 && (
        <nav className="cs-nav" aria-label={t('shell.nav')}>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink to={section.path}>
                  {t(section.labelKey)}
                  {section.path === CASHIER_PATH && <CashierBadge />}
                  {section.path === FEEDBACK_PATH && <FeedbackBadge />}
                  {section.path === SUPPORT_PATH && <SupportBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main className="cs-main">
        <Outlet />
      </main>
    </div>
  );
}
