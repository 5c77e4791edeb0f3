import { useId } from 'react';
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldBase {
  label: string;
  /** Shown visually hidden when the surrounding design already names the field. */
  hideLabel?: boolean;
}

export type TextFieldProps = FieldBase & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, hideLabel, id, className, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <input id={inputId} className="ui-field__input" {...rest} />
    </div>
  );
}

export type TextAreaFieldProps = FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ label, hideLabel, id, className, ...rest }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <textarea id={inputId} className="ui-field__input" {...rest} />
    </div>
  );
}
