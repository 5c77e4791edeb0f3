import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES } from 'shared-firebase/session';
import { Button, TextField } from 'shared-ui';
import { requestPasswordReset } from '../data';
import type { ResetRequestOutcome } from '../data';
import { AUTH_MESSAGES } from '../messages';

const ANSWERS: Record<ResetRequestOutcome, { text: string; role: 'status' | 'alert' }> = {
  sent: { text: AUTH_MESSAGES.resetLinkSent, role: 'status' },
  'invalid-email': { text: AUTH_MESSAGES.invalidEmail, role: 'alert' },
  failed: { text: AUTH_MESSAGES.resetRequestFailed, role: 'alert' },
};

/** The e-mail the login form held when "Forgot password?" was followed, if any. */
function emailFromLogin(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * Sends the reset link. The answer is the same whether or not the address has an account
 * (requestPasswordReset never tells), and it stays on screen: the member needs it to look for the
 * e-mail.
 */
export function RequestResetForm() {
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromLogin(location.state));
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; role: 'status' | 'alert' } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    if (address === '') {
      setAnswer({ text: MESSAGES.fillAllFields, role: 'alert' });
      return;
    }
    setPending(true);
    setAnswer(null);
    try {
      setAnswer(ANSWERS[await requestPasswordReset(address)]);
    } catch (error) {
      console.warn('Password reset not requested', error);
      setAnswer(ANSWERS.failed);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <form
        className="ui-card auth-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={pending}
      >
        <h1 id="reset-heading">Reset your password</h1>
        <p className="auth-form__notice">
          Enter the e-mail address of your account and we will send you a link to choose a new
          password.
        </p>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {answer ? (
          <p role={answer.role} className="auth-form__notice">
            {answer.text}
          </p>
        ) : null}
        <Button type="submit" className="auth-form__submit" disabled={pending}>
          Send reset link
        </Button>
      </form>
      <p className="auth-page__switch">
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  );
}
