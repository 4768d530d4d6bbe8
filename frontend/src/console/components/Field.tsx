import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  problem?: string | null;
  after?: ReactNode;
}

// A labelled input with its hint, or what is wrong with it, under it.
export function Field({ label, value, onValue, hint, problem, after, className, ...input }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = problem || hint;
  return (
    <div className={['cs-field', problem ? 'has-problem' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...input}
      />
      {after}
      {message && (
        <p id={messageId} className={problem ? 'cs-field-problem' : 'cs-field-hint'}>
          {message}
        </p>
      )}
    </div>
  );
}
