import { useAtom, useAtomValue, useSetAtom } from 'jotai';

import { Modal } from '../../../components/Modal';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom } from '../../../state/account';
import { loginTabAtom } from '../atoms';
import { switchesAtom } from '../switches';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

// loginPopupModal (SPEC §2.5): tabs only when login by verification code is on.
export function LoginModal() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(accountModalAtom);
  const [tab, setTab] = useAtom(loginTabAtom);
  const switches = useAtomValue(switchesAtom);
  const smsLogin = switches.get('MOBILEVERCODELOGIN3') === true;
  const register = switches.get('DIRECTREG3') === true;
  const close = useSetAtom(accountModalAtom);
  const current = smsLogin ? tab : 'username';
  return (
    <Modal open={modal === 'login'} title={t('account.loginTitle')} onClose={() => close(null)} testId="login-modal">
      {smsLogin && (
        <div className="tabs" role="tablist">
          {(['username', 'mobile'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={current === name}
              className={current === name ? 'tab active' : 'tab'}
              onClick={() => setTab(name)}
            >
              {t(`account.tabs.${name}`)}
            </button>
          ))}
        </div>
      )}
      {current === 'mobile' ? <SmsLoginForm /> : <PasswordLoginForm onForgot={() => setModal('forgot')} />}
      {register && (
        <p className="modal-footnote">
          {t('account.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => setModal('register')}>
            {t('account.registerNow')}
          </button>
        </p>
      )}
    </Modal>
  );
}
