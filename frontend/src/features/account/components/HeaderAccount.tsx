import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { deferred } from '../../../components/deferred';
import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, memberAtom } from '../../../state/account';
import { alertAtom } from '../../../state/alert';
import { tokenAtom } from '../../../state/atoms';
import { switchesAtom } from '../switches';
import { PasswordLoginForm } from './PasswordLoginForm';

const pending = <div className="header-account" aria-busy="true" />;

// The member panel (with the balance) is not a visitor's: its code comes in its own chunk, fetched as soon
// as there is a session token (the boot's session check, a login), alongside the member info it waits for.
const MemberPanel = deferred(() => import('./LoggedInPanel').then((module) => module.LoggedInPanel), pending);
export const preloadMemberPanel = MemberPanel.preload;

// Header top, right side (SPEC §2.2): the login form for visitors, the member panel once logged in.
export function HeaderAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const member = useAtomValue(memberAtom);
  const switches = useAtomValue(switchesAtom);
  const setModal = useSetAtom(accountModalAtom);
  const setAlert = useSetAtom(alertAtom);
  useEffect(() => {
    if (token) void preloadMemberPanel().catch(() => undefined);
  }, [token]);
  if (token && member) return <MemberPanel.Component member={member} />;
  if (token) return pending;
  return (
    <div className="header-account">
      <PasswordLoginForm compact onForgot={() => setModal('forgot')} />
      {switches.get('DIRECTREG3') && (
        <button type="button" className="button button-ghost" onClick={() => setModal('register')}>
          {t('account.register')}
        </button>
      )}
      {switches.get('FREEPLAY3') && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() =>
            void import('../login')
              .then(({ startFreePlay }) => startFreePlay(navigate))
              .catch((e: unknown) => setAlert({ message: errorText(t, e) }))
          }
        >
          {t('account.freePlay')}
        </button>
      )}
    </div>
  );
}
