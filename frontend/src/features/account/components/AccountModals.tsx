import { AlertDialog } from '../../../components/Alert';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { LoginModal } from './LoginModal';
import { PlayChoice } from './PlayChoice';
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
      <PlayChoice />
      <AlertDialog />
    </>
  );
}
