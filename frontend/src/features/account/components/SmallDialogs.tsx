import { useAtom, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';

import { Modal } from '../../../components/Modal';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom } from '../../../state/account';
import { signOut } from '../session';

// SPEC §4 logout: a confirmation; then the session is cleared and we go home.
export function LogoutConfirm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modal, setModal] = useAtom(accountModalAtom);
  return (
    <Modal open={modal === 'logout'} title={t('account.logout.title')} onClose={() => setModal(null)} variant="dialog"
      testId="logout-confirm">
      <p>{t('account.logout.question')}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void signOut().then(() => navigate('/'))}>
          {t('common.confirm')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setModal(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

// SPEC §8: a trial account (or a visitor) tried a member action.
export function TrialWarning() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(accountModalAtom);
  return (
    <Modal open={modal === 'trialWarning'} title={t('common.notice')} onClose={() => setModal(null)} variant="dialog"
      testId="trial-warning">
      <p>{t('in_need_true_account')}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void signOut().then(() => setModal('register'))}>
          {t('in_increase_submit')}
        </button>
      </div>
    </Modal>
  );
}

// The session ended elsewhere (logged out on another device, password changed).
export function RevokedNotice() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(accountModalAtom);
  const open = useSetAtom(accountModalAtom);
  return (
    <Modal open={modal === 'revoked'} title={t('common.notice')} onClose={() => setModal(null)} variant="dialog"
      testId="revoked-notice">
      <p>{t('account.revoked')}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => open('login')}>
          {t('account.login')}
        </button>
      </div>
    </Modal>
  );
}
