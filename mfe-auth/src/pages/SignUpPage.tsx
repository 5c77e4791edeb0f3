import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authErrorCode } from 'shared-firebase/session';
import { Button, TextField } from 'shared-ui';
import { FormFeedbackView } from '../components/FormFeedbackView';
import { useFormFeedback } from '../form/useFormFeedback';
import { checkSignUp } from '../form/validation';
import { AccountDocumentsError, signUpErrorMessage, signUpMember } from '../data';
import { PASSWORD_MIN_LENGTH } from '../constants';
import type { FieldName } from '../form/validation';
import { FinishSignUp } from './FinishSignUp';

export const AFTER_SIGN_UP_PATH = '/edit-profile';

/** Firebase's own minimum; the hint spares members a failure shown only as a red state. */
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** Which fields a sign-up failure points at; unknown failures mark all three. */
function fieldsOf(error: unknown): FieldName[] {
  switch (authErrorCode(error)) {
    case 'auth/email-already-in-use':
    case 'auth/invalid-email':
      return ['email'];
    case 'auth/weak-password':
      return ['password'];
    default:
      return ['userName', 'email', 'password'];
  }
}

export function SignUpPage() {
  const navigate = useNavigate();
  const hintId = useId();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [unfinished, setUnfinished] = useState<AccountDocumentsError | null>(null);
  const feedback = useFormFeedback();

  const done = () => navigate(AFTER_SIGN_UP_PATH, { replace: true });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const check = checkSignUp({ userName, email, password });
    if (!check.ok) {
      feedback.fail(check.message, check.fields);
      return;
    }
    feedback.reset();
    setPending(true);
    try {
      await signUpMember(check.values.userName, check.values.email, check.values.password);
    } catch (error) {
      setPending(false);
      if (error instanceof AccountDocumentsError) {
        console.error(error, error.reason);
        setUnfinished(error);
      } else {
        feedback.fail(signUpErrorMessage(error), fieldsOf(error));
      }
      return;
    }
    done();
  };

  return (
    <section className="ui-page auth-page" aria-labelledby="sign-up-heading">
      {unfinished ? (
        <FinishSignUp
          headingId="sign-up-heading"
          uid={unfinished.uid}
          userName={unfinished.userName}
          onFinished={done}
        />
      ) : (
        <form
          className={`ui-card auth-form${feedback.invalid.size > 0 ? ' auth-form--failed' : ''}`}
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-busy={pending}
        >
          <h1 id="sign-up-heading">Sign up</h1>
          {/* The user name is a display name, not what members sign in with (that is the
              e-mail), so it is a "nickname" for autofill, not a "username". */}
          <TextField
            label="Username"
            autoComplete="nickname"
            value={userName}
            {...feedback.field('userName', setUserName)}
          />
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
            autoComplete="new-password"
            aria-describedby={hintId}
            value={password}
            {...feedback.field('password', setPassword)}
          />
          <p id={hintId} className="auth-form__hint">
            {PASSWORD_HINT}
          </p>
          <FormFeedbackView feedback={feedback} quietText="Sign-up failed. Please try again." />
          <Button type="submit" className="auth-form__submit" disabled={pending}>
            Sign up
          </Button>
        </form>
      )}
      <p className="auth-page__switch">
        <Link to="/login">Login with existing account</Link>
      </p>
    </section>
  );
}
