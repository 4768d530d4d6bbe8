import { useAtom, useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, memberAtom } from '../../../state/account';
import { accountApi } from '../api';
import { cpwAtom, knownPasswordAtom } from '../atoms';
import { store } from '../../../state/store';
import { loadMember, signOut } from '../session';
import { registerRulesAtom } from '../switches';
import { checkConfirmation, checkField, ruleFor } from '../validation';

// changePassModal (SPEC §2.6): the old password is not asked for when this tab already knows it; after
// the change the member is reloaded (this session stays valid; the others end) and we go home. While a change is forced it cannot be
// dismissed, only left by signing out.
export function ChangePasswordModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modal, setModal] = useAtom(accountModalAtom);
  const forced = useAtomValue(cpwAtom);
  const member = useAtomValue(memberAtom);
  const [known, setKnown] = useAtom(knownPasswordAtom);
  const rule = ruleFor(useAtomValue(registerRulesAtom), 'password');
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = known ?? oldPassword;
  const problems = {
    old: current ? null : { key: 'account.errors.required' },
    new: rule ? checkField(rule, newPassword, true) : newPassword ? null : { key: 'account.errors.required' },
    confirm: checkConfirmation(newPassword, confirm),
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (problems.old || problems.new || problems.confirm) return;
    try {
      await accountApi.changePassword(current, newPassword, confirm);
      // This session stays valid (only the others end), so reloading the member is the re-login.
      store.set(cpwAtom, false);
      await loadMember();
      setKnown(null);
      setModal(null);
      navigate('/');
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  return (
    <Modal
      open={modal === 'changePassword'}
      title={t('account.changePassword.title')}
      onClose={() => (forced ? void signOut() : setModal(null))}
      closeOnEscape={!forced}
      testId="change-password-modal"
    >
      {forced && <p className="notice">{t('account.changePassword.forced')}</p>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">
          {t('account.fields.username')}: <strong>{member?.account}</strong>
        </p>
        {known === null && (
          <FormField label={t('account.fields.oldPassword')} type="password" value={oldPassword} onValue={setOld}
            autoComplete="current-password" problem={submitted ? problems.old : null} />
        )}
        <FormField label={t('account.fields.newPassword')} type="password" value={newPassword} onValue={setNew}
          autoComplete="new-password" problem={submitted ? problems.new : null} />
        <FormField label={t('account.fields.confirmNewPassword')} type="password" value={confirm} onValue={setConfirm}
          autoComplete="new-password" problem={submitted ? problems.confirm : null} />
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="form-actions">
          <button type="submit" className="button">{t('common.submit')}</button>
        </div>
      </form>
    </Modal>
  );
}
