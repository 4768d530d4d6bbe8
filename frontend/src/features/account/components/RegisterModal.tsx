import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ApiError } from '../../../api/client';
import { useTranslation } from '../../../i18n/react';
import { alertAtom } from '../../../state/alert';
import { CaptchaImage } from '../../../components/CaptchaImage';
import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { isUnderage, latestAdultBirthday } from '../../../lib/age';
import { solveChallenge } from '../../../lib/challenge';
import type { FieldProblem } from '../../../lib/formFields';
import { accountModalAtom } from '../../../state/account';
import { brandAtom, languageAtom } from '../../../state/atoms';
import { accountApi } from '../api';
import { referralCodeAtom } from '../atoms';
import { brandRegisterTitle } from '../registerTitle';
import { signIn } from '../session';
import { registerRulesAtom, switchesAtom } from '../switches';
import { checkConfirmation, checkField, hint, lengthRange, ruleFor } from '../validation';
import { mobileProblem, MobileNumberField } from './MobileNumberField';
import { SmsCodeButton } from './SmsCodeButton';

type Mode = 'register' | 'registerMobile';
type Values = Record<string, string>;

// SPEC §2.6 order; which appear is the merchant's register rules' business.
const TEXT_FIELDS: { field: string; type?: string; autoComplete?: string }[] = [
  { field: 'payeeName', autoComplete: 'name' },
  { field: 'paymentPassword', type: 'password', autoComplete: 'new-password' },
  { field: 'qqNum' },
  { field: 'line' },
  { field: 'whatsapp', type: 'tel' },
  { field: 'facebook' },
  { field: 'wechat' },
  { field: 'telegram' },
  { field: 'zalo', type: 'tel' },
  { field: 'idNumber' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'recommenderId' },
];

function affiliateFromUrl(): string | null {
  const params = new URLSearchParams(window.location.search);
  return params.get('affiliateCode') ?? params.get('code');
}

export function RegisterModal() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(accountModalAtom);
  const switches = useAtomValue(switchesAtom);
  const rules = useAtomValue(registerRulesAtom);
  const referralCode = useAtomValue(referralCodeAtom);
  const brand = useAtomValue(brandAtom);
  const language = useAtomValue(languageAtom);
  const setAlert = useSetAtom(alertAtom);
  const mobileOffered = switches.get('MOBILENUMREG3') === true;
  const usernameOffered = switches.get('USERNAMEREG3') !== false;
  const [chosen, setMode] = useState<Mode>('register');
  // The tab chosen, while both are offered: a switch turned since the modal was first drawn counts now.
  const mode: Mode = !usernameOffered ? 'registerMobile' : mobileOffered ? chosen : 'register';
  const [values, setValues] = useState<Values>({});
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [serverProblems, setServerProblems] = useState<Record<string, FieldProblem>>({});
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [affiliateHidden, setAffiliateHidden] = useState(false);
  const open = modal === 'register';
  const enabled = (field: string) => ruleFor(rules, field)?.enabled === true;
  const mobileMode = mode === 'registerMobile';
  // REGMOBVERF3 verifies by SMS the number an account is registered with: the number that names it in mobile
  // mode, the optional number once one is typed in username mode (SPEC §7's two variants).
  const numberGiven = mobileMode || (enabled('mobileNum') && (values.mobileNum ?? '').trim() !== '');
  const smsRequired = numberGiven && switches.get('REGMOBVERF3') === true;
  const wantsPassword = !mobileMode || switches.get('MOBILENUMPASSREG3') === true;
  // The date of birth (issue 34): where the brand's registration rules offer it (required if they say so), and
  // always, optional, for a brand whose rules do not name it. One given must be 18 or older (UNDERAGE).
  const birthdayRule = ruleFor(rules, 'birthday');
  const birthdayShown = birthdayRule ? birthdayRule.enabled : true;

  // SPEC §4: a code in the address is checked when the form opens; a valid one hides the field.
  useEffect(() => {
    if (!open) return;
    const code = affiliateFromUrl();
    if (!code) {
      setAffiliateHidden(false);
      return;
    }
    setValues((v) => ({ ...v, affiliateCode: code }));
    accountApi.checkAffiliate(code).then(
      () => setAffiliateHidden(true),
      () => setAffiliateHidden(false),
    );
  }, [open]);

  const set = (field: string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerProblems(({ [field]: _, ...rest }) => rest);
  };
  const touch = (field: string) => () => setTouched((s) => new Set(s).add(field));
  const problems = useMemo(() => {
    const found: Record<string, FieldProblem | null> = {};
    for (const rule of rules) {
      if (!rule.enabled && !(wantsPassword && rule.field === 'password')) continue;
      const always =
        (rule.field === 'password' && wantsPassword) ||
        (rule.field === 'username' && !mobileMode) ||
        (rule.field === 'paymentPassword' && rule.enabled);
      if (rule.field === 'username' && mobileMode && !values.username) continue;
      if (rule.field === 'mobileNum' && mobileMode) continue;
      found[rule.field] = checkField(rule, values[rule.field], always);
    }
    if (wantsPassword) found.confirmPassword = checkConfirmation(values.password ?? '', values.confirmPassword ?? '');
    if (mobileMode) found.mobileNum = mobileProblem(values.mobileNum ?? '');
    if (smsRequired && !(values.verificationCode ?? '').trim()) found.verificationCode = { key: 'account.errors.required' };
    if (birthdayShown) {
      const birthday = (values.birthday ?? '').trim();
      if (!birthday && birthdayRule?.required) found.birthday = { key: 'account.errors.required' };
      else if (birthday && isUnderage(birthday)) found.birthday = { key: 'errors.UNDERAGE' };
    }
    return found;
  }, [rules, values, mobileMode, smsRequired, wantsPassword, birthdayShown, birthdayRule]);

  const shown = (field: string): FieldProblem | null =>
    serverProblems[field] ?? (submitted || touched.has(field) ? (problems[field] ?? null) : null);

  const reset = () => {
    setValues({});
    setTouched(new Set());
    setServerProblems({});
    setSubmitted(false);
    setError(null);
    setAgreed(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (Object.values(problems).some(Boolean)) return;
    if (!agreed) {
      setError(t('account.errors.agreement'));
      return;
    }
    setBusy(true);
    try {
      const affiliateCode = values.affiliateCode?.trim();
      if (affiliateCode && enabled('affiliateCode')) {
        try {
          await accountApi.checkAffiliate(affiliateCode);
        } catch {
          setAffiliateHidden(false);
          setServerProblems((p) => ({ ...p, affiliateCode: { key: 'invitation_code_error' } }));
          return;
        }
      }
      const body = {
        ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])),
        birthday: birthdayShown ? values.birthday?.trim() || undefined : undefined,
        referralCode: referralCode ?? undefined,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        domain: window.location.host,
        agreement: true,
        login: true,
        challenge: await solveChallenge(),
      };
      const answer = await accountApi.register(body, mobileMode);
      if (answer.session) await signIn(answer.session, values.password ?? null, !wantsPassword);
      reset();
      setModal(null);
    } catch (problem) {
      setCaptchaKey((k) => k + 1);
      const fields = problem instanceof ApiError ? (problem.value as { fields?: ServerField[] } | null)?.fields : null;
      if (fields?.length) setServerProblems(Object.fromEntries(fields.map((f) => [f.field, serverProblem(f)])));
      else if (problem instanceof ApiError && problem.code === 'UNDERAGE') setServerProblems((p) => ({ ...p, birthday: { key: 'errors.UNDERAGE' } }));
      else if (problem instanceof ApiError && problem.code === 'invitation_code_error')
        setServerProblems((p) => ({ ...p, affiliateCode: { key: 'invitation_code_error' } }));
      else setError(errorText(t, problem));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, type = 'text', autoComplete?: string) => {
    const rule = ruleFor(rules, name);
    return (
      <FormField
        key={name}
        label={t(`account.fields.${name}`)}
        type={type}
        value={values[name] ?? ''}
        onValue={set(name)}
        onBlur={touch(name)}
        autoComplete={autoComplete ?? 'off'}
        problem={shown(name)}
        hintText={rule ? t(hint(rule).key, hint(rule).values) : undefined}
      />
    );
  };

  const smsField = smsRequired && (
    <FormField
      label={t('account.fields.verificationCode')}
      value={values.verificationCode ?? ''}
      onValue={set('verificationCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      problem={shown('verificationCode')}
      after={
        <SmsCodeButton
          ready={() => {
            touch('mobileNum')();
            return !problems.mobileNum;
          }}
          send={async () =>
            (
              await accountApi.sendRegisterCode(
                values.countryDialingCode ?? '',
                (values.mobileNum ?? '').trim(),
                await solveChallenge(),
                mobileMode ? 'mobile' : 'username',
              )
            ).expiredMinutes
          }
          onError={(problem) => setAlert({ message: errorText(t, problem) })}
        />
      }
    />
  );

  // No screen promises money the product does not pay: an offer in the title is the brand's own wording.
  const title = brandRegisterTitle(brand?.registerTitle, language) ?? t('account.createAccountTitle');

  return (
    <Modal open={open} title={title} onClose={() => setModal(null)} testId="register-modal">
      {mobileOffered && usernameOffered && (
        <div className="tabs" role="tablist">
          {(['register', 'registerMobile'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={mode === name}
              className={mode === name ? 'tab active' : 'tab'}
              onClick={() => {
                setMode(name);
                setServerProblems({});
              }}
            >
              {t(`account.tabs.${name}`)}
            </button>
          ))}
        </div>
      )}
      <form className="register-form" onSubmit={(e) => void submit(e)} noValidate>
        {!mobileMode && field('username', 'text', 'username')}
        {mobileMode && (
          <MobileNumberField
            dialingCode={values.countryDialingCode ?? ''}
            onDialingCode={set('countryDialingCode')}
            number={values.mobileNum ?? ''}
            onNumber={set('mobileNum')}
            problem={shown('mobileNum')}
          />
        )}
        {mobileMode && smsField}
        {wantsPassword && field('password', 'password', 'new-password')}
        {wantsPassword && (
          <FormField
            label={t('account.fields.confirmPassword')}
            type="password"
            value={values.confirmPassword ?? ''}
            onValue={set('confirmPassword')}
            onBlur={touch('confirmPassword')}
            autoComplete="new-password"
            problem={shown('confirmPassword')}
          />
        )}
        {!mobileMode && enabled('mobileNum') && (
          <MobileNumberField
            dialingCode={values.countryDialingCode ?? ''}
            onDialingCode={set('countryDialingCode')}
            number={values.mobileNum ?? ''}
            onNumber={set('mobileNum')}
            problem={shown('mobileNum')}
          />
        )}
        {!mobileMode && smsField}
        {TEXT_FIELDS.filter((f) => enabled(f.field)).map((f) => field(f.field, f.type, f.autoComplete))}
        {birthdayShown && (
          <FormField
            label={t('account.fields.birthday')}
            type="date"
            value={values.birthday ?? ''}
            onValue={set('birthday')}
            onBlur={touch('birthday')}
            autoComplete="bday"
            max={latestAdultBirthday()}
            problem={shown('birthday')}
            hintText={t('account.birthdayHint')}
            data-testid="register-birthday"
          />
        )}
        {enabled('affiliateCode') && !affiliateHidden && field('affiliateCode')}
        {enabled('captcha') && (
          <FormField
            label={t('account.fields.captcha')}
            value={values.captcha ?? ''}
            onValue={set('captcha')}
            onBlur={touch('captcha')}
            problem={shown('captcha')}
            after={<CaptchaImage refreshKey={captchaKey} />}
          />
        )}
        <label className="checkbox">
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            {t('account.agreement')}{' '}
            <Link to="/help#terms" target="_blank">
              {t('account.userProtocol')}
            </Link>
          </span>
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {t('account.register')}
          </button>
          <button type="button" className="button button-ghost" onClick={reset}>
            {t('account.reset')}
          </button>
        </div>
      </form>
      <p className="modal-footnote">
        {t('account.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => setModal('login')}>
          {t('account.loginNow')}
        </button>
      </p>
    </Modal>
  );
}

interface ServerField {
  field: string;
  messageKey?: string;
  min?: number | null;
  max?: number | null;
}

function serverProblem(f: ServerField): FieldProblem {
  if (f.messageKey === 'inconsistent_twice') return { key: 'account.errors.inconsistentTwice' };
  if (f.messageKey?.startsWith('reg_pattern_') && f.min != null && f.max != null)
    return { key: f.messageKey, values: { range: lengthRange({ minLength: f.min, maxLength: f.max }) } };
  return { key: f.messageKey ?? 'account.errors.required' };
}
