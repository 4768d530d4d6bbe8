import './protection.css';

import { useAtom } from 'jotai';
import { type FormEvent, useState } from 'react';

import { ApiError } from '../../api/client';
import { CaptchaImage } from '../../components/CaptchaImage';
import { errorText } from '../../components/errorText';
import { FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { useTranslation } from '../../i18n/react';
import { accountModalAtom } from '../../state/account';
import { excludedAtom, type ExcludedNoticeState } from '../../state/excluded';
import { protectionApi, requestId } from './api';
import { moment, positive, useMoney } from './format';

// The excluded member's one way to their money: the whole balance to their bound bank account, with the
// payment password (and the login's name and password, when the notice did not come from a password login).
function WithdrawRemaining({ notice }: { notice: ExcludedNoticeState }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [username, setUsername] = useState(notice.username ?? '');
  const [password, setPassword] = useState(notice.password ?? '');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  // The name and password go through the login's checks: after failed attempts the server asks for a captcha.
  const [captchaKey, setCaptchaKey] = useState<number | null>(null);
  // One key per withdrawal: a retry after a lost answer withdraws once; a refusal starts a new one.
  const [key, setKey] = useState(requestId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ orderNo: string; amount: string } | null>(null);
  const knowsLogin = notice.username !== null && notice.password !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password || !paymentPassword || (captchaKey !== null && !captcha.trim())) {
      setProblem(t('protection.withdraw.required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setDone(
        await protectionApi.withdrawRemaining({
          username: username.trim(),
          password,
          paymentPassword,
          requestId: key,
          captcha: captchaKey === null ? undefined : captcha.trim(),
        }),
      );
    } catch (error) {
      setProblem(errorText(t, error));
      if (error instanceof ApiError && error.status > 0) setKey(requestId());
      const wantsCaptcha = error instanceof ApiError && (error.value as { captcha?: boolean } | null)?.captcha === true;
      if (wantsCaptcha || captchaKey !== null) {
        setCaptcha('');
        setCaptchaKey((n) => (n ?? 0) + 1); // a captcha is single use
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className="notice" role="status" data-testid="withdraw-remaining-done">
        {t('protection.withdraw.done', { orderNo: done.orderNo, amount: money(done.amount) })}
      </p>
    );
  }
  return (
    <form className="protection-withdraw" data-testid="withdraw-remaining-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="form-hint">{t('protection.withdraw.hint')}</p>
      {!knowsLogin && (
        <>
          <FormField label={t('account.fields.username')} value={username} onValue={setUsername} autoComplete="username" />
          <FormField label={t('account.fields.password')} type="password" value={password} onValue={setPassword}
            autoComplete="current-password" />
        </>
      )}
      <FormField label={t('account.fields.paymentPassword')} type="password" value={paymentPassword} onValue={setPaymentPassword}
        inputMode="numeric" autoComplete="off" data-testid="withdraw-payment-password" />
      {captchaKey !== null && (
        <FormField label={t('account.fields.captcha')} value={captcha} onValue={setCaptcha} autoComplete="off"
          after={<CaptchaImage refreshKey={captchaKey} />} />
      )}
      {problem && <p className="form-error" role="alert" data-testid="withdraw-remaining-error">{problem}</p>}
      <div className="form-actions">
        <button type="submit" className="button protection-button" data-testid="withdraw-remaining-submit" disabled={busy}>
          {t('protection.withdraw.submit')}
        </button>
      </div>
    </form>
  );
}

function NoticeBody({ notice }: { notice: ExcludedNoticeState }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [withdrawing, setWithdrawing] = useState(false);
  const { kind, until, withdrawable } = notice;
  const what =
    kind === 'CLOSED'
      ? t('protection.excluded.CLOSED')
      : until === null
        ? t('protection.excluded.permanent')
        : t(`protection.excluded.${kind}`, { until: moment(until) });
  const after =
    kind === 'CLOSED' ? t('protection.excluded.closedAfter') : until === null ? t('protection.excluded.afterPermanent') : t('protection.excluded.after');
  return (
    <div className="protection-excluded" data-testid="excluded-notice" data-kind={kind}>
      <p className="protection-excluded-what" data-testid="excluded-what">{what}</p>
      <p>{after}</p>
      {positive(withdrawable) && !withdrawing && (
        <>
          <p>{t('protection.withdraw.left', { amount: money(withdrawable!) })}</p>
          <button type="button" className="button protection-button" data-testid="withdraw-remaining" onClick={() => setWithdrawing(true)}>
            {t('protection.withdraw.offer')}
          </button>
        </>
      )}
      {withdrawable === null && !withdrawing && (
        <button type="button" className="button button-ghost protection-button" data-testid="withdraw-remaining" onClick={() => setWithdrawing(true)}>
          {t('protection.withdraw.offer')}
        </button>
      )}
      {withdrawing && <WithdrawRemaining notice={notice} />}
    </div>
  );
}

// What an excluded member sees instead of the lobby: the login's SELF_EXCLUDED refusal (or the exclusion just
// taken) in words, until when, and, when money is left, the way to withdraw it.
export function ExcludedNotice() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(accountModalAtom);
  const [notice, setNotice] = useAtom(excludedAtom);
  const close = () => {
    setModal(null);
    setNotice(null); // the password typed at the login goes with the notice
  };
  const title = notice ? t(`protection.excluded.title.${notice.kind}`) : '';
  return (
    <Modal open={modal === 'excluded' && notice !== null} title={title} onClose={close} variant="dialog" testId="excluded-dialog">
      {notice && <NoticeBody key={`${notice.kind}:${notice.until}`} notice={notice} />}
      <div className="form-actions">
        <button type="button" className="button button-ghost" onClick={close}>{t('common.close')}</button>
      </div>
    </Modal>
  );
}
