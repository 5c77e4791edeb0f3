import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorCode } from 'shared-firebase/session';
import { CredentialsForm } from '../components/CredentialsForm';
import { AUTH_MESSAGES } from '../messages';
import { NEXT_PARAM, safeNextPath } from '../form/nextPath';
import { RESET_PASSWORD_PATH } from '../reset/paths';
import { useCredentialsForm } from '../form/useCredentialsForm';
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

/** Set by the profile's account deletion when it signs the member out (`?accountDeleted=1`). */
const ACCOUNT_DELETED_PARAM = 'accountDeleted';

const TEXT = {
  headingId: 'login-heading',
  heading: 'Sign in',
  submitLabel: 'Sign in',
  quietText: 'Sign-in failed. Please try again.',
};

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useCredentialsForm();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const signedIn = await form.send(
      checkSignIn({ email: form.email, password: form.password }),
      (values) => signInMember(values.email, values.password),
      (error) => form.feedback.fail(signInErrorMessage(error), fieldsOf(error)),
    );
    // Stays pending: this page is left at once.
    if (signedIn) navigate(safeNextPath(searchParams.get(NEXT_PARAM)), { replace: true });
  };

  return (
    <section className="ui-page auth-page" aria-labelledby={TEXT.headingId}>
      {searchParams.get(ACCOUNT_DELETED_PARAM) === '1' ? (
        <p role="status" className="auth-form__notice auth-page__deleted">
          {AUTH_MESSAGES.accountDeleted}
        </p>
      ) : null}
      <CredentialsForm
        text={TEXT}
        form={form}
        onSubmit={(event) => void submit(event)}
        after={
          <p className="auth-form__aside">
            <Link to={RESET_PASSWORD_PATH} state={{ email: form.email.trim() }}>
              Forgot password?
            </Link>
          </p>
        }
      />
      <p className="auth-page__switch">
        <Link to="/signUp">Create a new account</Link>
      </p>
    </section>
  );
}
