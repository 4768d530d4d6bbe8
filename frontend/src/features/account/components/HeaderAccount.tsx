import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, memberAtom } from '../../../state/account';
import { alertAtom } from '../../../state/alert';
import { tokenAtom } from '../../../state/atoms';
import { switchesAtom } from '../switches';
import { MemberPanel, memberPanelPending as pending, preloadMemberPanel } from './memberPanel';
import { PasswordLoginForm } from './PasswordLoginForm';


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

