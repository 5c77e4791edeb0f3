import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorCode } from 'shared-firebase/session';
import { Button, TextField } from 'shared-ui';
import { FormFeedbackView } from '../components/FormFeedbackView';
import { NEXT_PARAM, safeNextPath } from '../form/nextPath';
import { RESET_PASSWORD_PATH } from '../reset/paths';
import { useFormFeedback } from '../form/useFormFeedback';
import { checkSignIn } from '../form/validation';
import { signInErrorMessage, signInMember } from '../data';
import type { FieldName } from '../form/validation';

/** Which fields a sign-in failure points at; unknown failures mark both. */
function fieldsOf(error: unknown): FieldName[] {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
      return ['password'];
    case 'auth/user-not-found':
    case 'auth/invalid-email':
      return ['email'];
    default:
      return ['email', 'password'];
  }
}

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const feedback = useFormFeedback();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const check = checkSignIn({ email, password });
    if (!check.ok) {
      feedback.fail(check.message, check.fields);
      return;
    }
    feedback.reset();
    setPending(true);
    try {
      await signInMember(check.values.email, check.values.password);
    } catch (error) {
      setPending(false);
      feedback.fail(signInErrorMessage(error), fieldsOf(error));
      return;
    }
    // Stays pending: this page is left at once.
    navigate(safeNextPath(searchParams.get(NEXT_PARAM)), { replace: true });
  };

  return (
    <section className="ui-page auth-page" aria-labelledby="login-heading">
      <form
        className={`ui-card auth-form${feedback.invalid.size > 0 ? ' auth-form--failed' : ''}`}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={pending}
      >
        <h1 id="login-heading">Sign in</h1>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          {...feedback.field('email', setEmail)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          {...feedback.field('password', setPassword)}
        />
        <FormFeedbackView feedback={feedback} quietText="Sign-in failed. Please try again." />
        <p className="auth-form__aside">
          <Link to={RESET_PASSWORD_PATH} state={{ email: email.trim() }}>
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="auth-form__submit" disabled={pending}>
          Sign in
        </Button>
      </form>
      <p className="auth-page__switch">
        <Link to="/signUp">Create a new account</Link>
      </p>
    </section>
  );
}
