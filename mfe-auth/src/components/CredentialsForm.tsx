import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, TextField } from 'shared-ui';
import type { CredentialsFormState } from '../form/useCredentialsForm';
import { FormFeedbackView } from './FormFeedbackView';

/** The words of a credentials form. */
export interface CredentialsFormText {
  /** The id of the heading, which names the page's section. */
  headingId: string;
  heading: string;
  submitLabel: string;
  /** Read to screen-reader users when a failure has no visible message. */
  quietText: string;
}

export interface CredentialsFormProps {
  text: CredentialsFormText;
  form: CredentialsFormState;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A new account's password (password managers offer to generate one), with this hint below. */
  newPasswordHint?: string;
  /** Fields above the e-mail (sign-up's user name). */
  before?: ReactNode;
  /** What follows the failure message (sign-in's "Forgot password?"). */
  after?: ReactNode;
}

/**
 * The sign-in and sign-up form: its heading, the e-mail and password fields password managers
 * recognise, the failure message and the submit button. The form is drawn red while a field is.
 */
export function CredentialsForm({
  text,
  form,
  onSubmit,
  newPasswordHint,
  before,
  after,
}: CredentialsFormProps) {
  const hintId = useId();
  const { feedback } = form;
  return (
    <form
      className={`ui-card auth-form${feedback.invalid.size > 0 ? ' auth-form--failed' : ''}`}
      onSubmit={onSubmit}
      noValidate
      aria-busy={form.pending}
    >
      <h1 id={text.headingId}>{text.heading}</h1>
      {before}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        {...feedback.field('email', form.setEmail)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={newPasswordHint === undefined ? 'current-password' : 'new-password'}
        aria-describedby={newPasswordHint === undefined ? undefined : hintId}
        value={form.password}
        {...feedback.field('password', form.setPassword)}
      />
      {newPasswordHint === undefined ? null : (
        <p id={hintId} className="auth-form__hint">
          {newPasswordHint}
        </p>
      )}
      <FormFeedbackView feedback={feedback} quietText={text.quietText} />
      {after}
      <Button type="submit" className="auth-form__submit" disabled={form.pending}>
        {text.submitLabel}
      </Button>
    </form>
  );
}
