import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

import { useTranslation } from '../i18n/react';
import type { FieldProblem } from '../lib/formFields';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  problem?: FieldProblem | null;
  hintText?: string;
  after?: ReactNode;
  before?: ReactNode;
}

export function FormField({ label, value, onValue, problem, hintText, after, before, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const message = problem ? t(problem.key, problem.values) : hintText;
  return (
    <div className={problem ? 'form-field has-error' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="form-control">
        {before}
        <input
          id={id}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...input}
        />
        {after}
      </div>
      {message && (
        <p id={messageId} className={problem ? 'form-error' : 'form-hint'} role={problem ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}
