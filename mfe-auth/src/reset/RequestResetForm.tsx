import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES } from 'shared-firebase/session';
import { requestPasswordReset } from '../data';
import type { ResetRequestOutcome } from '../data';
import { AUTH_MESSAGES } from '../messages';
import { ResetStepForm } from './ResetStepForm';
import type { ResetAnswer } from './ResetStepForm';

const ANSWERS: Record<ResetRequestOutcome, ResetAnswer> = {
  sent: { text: AUTH_MESSAGES.resetLinkSent, role: 'status' },
  'invalid-email': { text: AUTH_MESSAGES.invalidEmail, role: 'alert' },
  failed: { text: AUTH_MESSAGES.resetRequestFailed, role: 'alert' },
};

const EMAIL_FIELD = { label: 'Email', type: 'email', autoComplete: 'email' } as const;

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
  const [answer, setAnswer] = useState<ResetAnswer | null>(null);

  const submit = async () => {
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
      <ResetStepForm
        heading="Reset your password"
        notice="Enter the e-mail address of your account and we will send you a link to choose a new password."
        field={{ ...EMAIL_FIELD, value: email, onChange: (event) => setEmail(event.target.value) }}
        answer={answer}
        submitLabel="Send reset link"
        pending={pending}
        onSubmit={() => void submit()}
      />
      <p className="auth-page__switch">
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  );
}
