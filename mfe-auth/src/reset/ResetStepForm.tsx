import type { FormEvent, ReactNode } from 'react';
import { Button, TextField } from 'shared-ui';
import type { TextFieldProps } from 'shared-ui';

/** What a step told the member: read as a status, or as an alert for a failure. */
export interface ResetAnswer {
  text: string;
  role: 'status' | 'alert';
}

export interface ResetStepFormProps {
  heading: string;
  /** What the step is about, above its field. */
  notice: ReactNode;
  field: TextFieldProps;
  /** The step's last answer, kept on screen (the member acts on it). */
  answer: ResetAnswer | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
}

/** A step of the password reset: asking for the link, or choosing the new password with it. */
export function ResetStepForm({
  heading,
  notice,
  field,
  answer,
  submitLabel,
  pending,
  onSubmit,
}: ResetStepFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="ui-card auth-form" onSubmit={submit} noValidate aria-busy={pending}>
      <h1 id="reset-heading">{heading}</h1>
      <p className="auth-form__notice">{notice}</p>
      <TextField {...field} />
      {answer ? (
        <p role={answer.role} className="auth-form__notice">
          {answer.text}
        </p>
      ) : null}
      <Button type="submit" className="auth-form__submit" disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
