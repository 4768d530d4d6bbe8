import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { alertAtom } from '../../../state/alert';
import { errorText } from '../../../components/errorText';
import { accountModalAtom, memberAtom } from '../../../state/account';
import { tokenAtom } from '../../../state/atoms';
import { startFreePlay } from '../freePlay';
import { switchesAtom } from '../switches';
import { LoggedInPanel } from './LoggedInPanel';
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
  if (token && member) return <LoggedInPanel member={member} />;
  if (token) return <div className="header-account" aria-busy="true" />;
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
          onClick={() => void startFreePlay(navigate).catch((e: unknown) => setAlert({ message: errorText(t, e) }))}
        >
          {t('account.freePlay')}
        </button>
      )}
    </div>
  );
}
