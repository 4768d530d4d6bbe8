import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import type { FieldProblem } from '../../../lib/formFields';
import { CountryCodeSelect } from './CountryCodeSelect';

interface MobileNumberFieldProps {
  dialingCode: string;
  onDialingCode: (value: string) => void;
  number: string;
  onNumber: (value: string) => void;
  problem?: FieldProblem | null;
}

export function MobileNumberField({ dialingCode, onDialingCode, number, onNumber, problem }: MobileNumberFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('account.fields.mobileNum')}
      value={number}
      onValue={onNumber}
      inputMode="tel"
      autoComplete="tel-national"
      problem={problem}
      before={<CountryCodeSelect value={dialingCode} onChange={onDialingCode} />}
    />
  );
}

// SPEC §5: a mobile number is required and must look like one before a code can be asked for; the
// server checks it properly (per country).
export function mobileProblem(number: string): FieldProblem | null {
  const digits = number.replace(/[\s-]/g, '');
  if (!digits) return { key: 'account.errors.required' };
  return /^\d{6,15}$/.test(digits) ? null : { key: 'account.errors.mobileInvalid' };
}
