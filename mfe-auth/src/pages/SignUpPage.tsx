import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authErrorCode } from 'shared-firebase/session';
import { TextField } from 'shared-ui';
import { CredentialsForm } from '../components/CredentialsForm';
import { useCredentialsForm } from '../form/useCredentialsForm';
import { checkSignUp } from '../form/validation';
import {
  AccountDocumentsError,
  signUpErrorMessage,
  signUpMember,
  UserNameTakenError,
} from '../data';
import { PASSWORD_MIN_LENGTH } from '../constants';
import type { FieldName } from '../form/validation';
import { FinishSignUp } from './FinishSignUp';

export const AFTER_SIGN_UP_PATH = '/edit-profile';

/** Firebase's own minimum; the hint spares members a failure shown only as a red state. */
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** Which fields a sign-up failure points at; unknown failures mark all three. */
function fieldsOf(error: unknown): FieldName[] {
  if (error instanceof UserNameTakenError) return ['userName'];
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

const TEXT = {
  headingId: 'sign-up-heading',
  heading: 'Sign up',
  submitLabel: 'Sign up',
  quietText: 'Sign-up failed. Please try again.',
};

export function SignUpPage() {
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [unfinished, setUnfinished] = useState<AccountDocumentsError | null>(null);
  const form = useCredentialsForm();

  const done = () => navigate(AFTER_SIGN_UP_PATH, { replace: true });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const signedUp = await form.send(
      checkSignUp({ userName, email: form.email, password: form.password }),
      (values) => signUpMember(values.userName, values.email, values.password),
      (error) => {
        if (error instanceof AccountDocumentsError) {
          console.error(error, error.reason);
          setUnfinished(error);
        } else {
          form.feedback.fail(signUpErrorMessage(error), fieldsOf(error));
        }
      },
    );
    if (signedUp) done();
  };

  return (
    <section className="ui-page auth-page" aria-labelledby={TEXT.headingId}>
      {unfinished ? (
        <FinishSignUp
          headingId={TEXT.headingId}
          uid={unfinished.uid}
          userName={unfinished.userName}
          onFinished={done}
        />
      ) : (
        <CredentialsForm
          text={TEXT}
          form={form}
          onSubmit={(event) => void submit(event)}
          newPasswordHint={PASSWORD_HINT}
          before={
            // The user name is a display name, not what members sign in with (that is the
            // e-mail), so it is a "nickname" for autofill, not a "username".
            <TextField
              label="Username"
              autoComplete="nickname"
              value={userName}
              {...form.feedback.field('userName', setUserName)}
            />
          }
        />
      )}
      <p className="auth-page__switch">
        <Link to="/login">Login with existing account</Link>
      </p>
    </section>
  );
}
