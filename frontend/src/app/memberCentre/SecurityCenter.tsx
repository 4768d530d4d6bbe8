import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';

import { errorText } from '../../components/errorText';
import { FormField } from '../../components/FormField';
import { Section } from '../../components/Section';
import { loadMember } from '../../features/account/session';
import { type BankAccount, walletApi } from '../../features/wallet/api';
import { useTranslation } from '../../i18n/react';
import { accountModalAtom, memberAtom } from '../../state/account';

function PaymentPasswordForm({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await walletApi.setPaymentPassword({ loginPassword: login, paymentPassword: pin, confirmPaymentPassword: confirm });
      setMessage(t('memberCentre.security.paymentPasswordSaved'));
      setLogin('');
      setPin('');
      setConfirm('');
      await loadMember();
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  return (
    <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted">{isSet ? t('memberCentre.security.paymentPasswordSet') : t('memberCentre.security.paymentPasswordMissing')}</p>
      <FormField label={t('account.fields.password')} type="password" value={login} onValue={setLogin} autoComplete="current-password" />
      <FormField label={t('account.fields.paymentPassword')} type="password" value={pin} onValue={setPin} inputMode="numeric" autoComplete="off" />
      <FormField label={t('memberCentre.security.confirmPaymentPassword')} type="password" value={confirm} onValue={setConfirm}
        inputMode="numeric" autoComplete="off" />
      {error && <p className="form-error" role="alert">{error}</p>}
      {message && <p className="notice" role="status">{message}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!login || !pin || !confirm}>{t('common.submit')}</button>
      </div>
    </form>
  );
}

function BankAccounts() {
  const { t } = useTranslation();
  const [banks, setBanks] = useState<BankAccount[]>([]);
  const [bankName, setBankName] = useState('');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () => walletApi.bankAccounts().then(setBanks, () => undefined);
  useEffect(() => {
    void load();
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await walletApi.bindBankAccount({ bankName: bankName.trim(), accountName: accountName.trim(), accountNumber: accountNumber.trim() });
      setBankName('');
      setAccountName('');
      setAccountNumber('');
      await load();
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  return (
    <>
      <ul className="bank-list">
        {banks.map((b) => (
          <li key={b.id} className="card">{b.bankName} · {b.accountNumber} · {b.accountName}</li>
        ))}
      </ul>
      <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormField label={t('memberCentre.security.bankName')} value={bankName} onValue={setBankName} />
        <FormField label={t('memberCentre.security.accountName')} value={accountName} onValue={setAccountName} autoComplete="name"
          hintText={t('memberCentre.security.accountNameHint')} />
        <FormField label={t('memberCentre.security.accountNumber')} value={accountNumber} onValue={setAccountNumber} inputMode="numeric" />
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="form-actions">
          <button type="submit" className="button" disabled={!bankName || !accountName || !accountNumber}>
            {t('memberCentre.security.addBank')}
          </button>
        </div>
      </form>
    </>
  );
}

// securityCenter (my account): who I am, the passwords, the bank accounts withdrawals go to.
export function SecurityCenter() {
  const { t } = useTranslation();
  const member = useAtomValue(memberAtom);
  const setModal = useSetAtom(accountModalAtom);
  if (!member) return null;
  return (
    <div>
      <Section title={t('memberCentre.security.profile')}>
        <dl className="facts">
          <dt>{t('account.fields.username')}</dt>
          <dd>{member.account}</dd>
          <dt>{t('memberCentre.security.nickname')}</dt>
          <dd>{member.nickname}</dd>
          <dt>{t('memberCentre.security.level')}</dt>
          <dd>{member.clubLabel.labelName ?? '—'}</dd>
          <dt>{t('account.fields.mobileNum')}</dt>
          <dd>{member.mobileNum ? `${member.countryDialingCode ?? ''} ${member.mobileNum}` : '—'}</dd>
          <dt>{t('account.fields.email')}</dt>
          <dd>{member.email ?? '—'}</dd>
          {member.referralCode && (
            <>
              <dt>{t('memberCentre.security.referralCode')}</dt>
              <dd>{member.referralCode}</dd>
            </>
          )}
        </dl>
        <button type="button" className="button button-ghost" onClick={() => setModal('changePassword')}>
          {t('account.changePassword.title')}
        </button>
      </Section>
      <Section title={t('memberCentre.security.paymentPassword')}>
        <PaymentPasswordForm isSet={member.hasPaymentPassword} />
      </Section>
      <Section title={t('memberCentre.security.bankAccounts')}>
        <BankAccounts />
      </Section>
    </div>
  );
}
