import { AlertDialog } from '../../../components/Alert';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { LoginModal } from './LoginModal';
import { RegisterModal } from './RegisterModal';
import { LogoutConfirm, RevokedNotice, TrialWarning } from './SmallDialogs';

export function AccountModals() {
  return (
    <>
      <LoginModal />
      <RegisterModal />
      <ForgotPasswordModal />
      <ChangePasswordModal />
      <LogoutConfirm />
      <TrialWarning />
      <RevokedNotice />
      <AlertDialog />
    </>
  );
}
