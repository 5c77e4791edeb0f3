import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldBase {
  label: string;
  /** Shown visually hidden when the surrounding design already names the field. */
  hideLabel?: boolean;
}

type FieldFrame = FieldBase & { id?: string; className?: string };

/** The labelled frame both fields share; `control` receives the id the label points at. */
function Field({
  frame: { label, hideLabel, id, className },
  control,
}: {
  frame: FieldFrame;
  control: (id: string) => ReactNode;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      {control(inputId)}
    </div>
  );
}

export type TextFieldProps = FieldBase & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, hideLabel, id, className, ...rest }: TextFieldProps) {
  const input = (inputId: string) => <input id={inputId} className="ui-field__input" {...rest} />;
  return <Field frame={{ label, hideLabel, id, className }} control={input} />;
}

export type TextAreaFieldProps = FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ label, hideLabel, id, className, ...rest }: TextAreaFieldProps) {
  const textarea = (inputId: string) => (
    <textarea id={inputId} className="ui-field__input" {...rest} />
  );
  return <Field frame={{ label, hideLabel, id, className }} control={textarea} />;
}
