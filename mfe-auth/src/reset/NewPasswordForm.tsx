import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { authErrorCode, MESSAGES } from 'shared-firebase/session';
import { Spinner } from 'shared-ui';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { checkPasswordResetCode, confirmNewPassword } from '../data';
import { AUTH_MESSAGES } from '../messages';
import { RESET_PASSWORD_PATH } from './paths';
import { ResetStepForm } from './ResetStepForm';

type CodeState =
  { status: 'checking' } | { status: 'invalid' } | { status: 'valid'; email: string };

const PASSWORD_FIELD = {
  label: 'New password',
  type: 'password',
  autoComplete: 'new-password',
} as const;

function changeFailure(error: unknown): string {
  switch (authErrorCode(error)) {
    case 'auth/weak-password':
      return AUTH_MESSAGES.passwordTooWeak;
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
      return AUTH_MESSAGES.resetLinkInvalid;
    default:
      return AUTH_MESSAGES.passwordChangeFailed;
  }
}

/** Sets a new password with the code of a reset link, after checking the code is still good. */
export function NewPasswordForm({ code }: { code: string }) {
  const [codeState, setCodeState] = useState<CodeState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    let current = true;
    void checkPasswordResetCode(code).then((check) => {
      if (current)
        setCodeState(check.ok ? { status: 'valid', email: check.email } : { status: 'invalid' });
    });
    return () => {
      current = false;
    };
  }, [code]);

  const submit = async () => {
    if (pending) return;
    if (password === '') return setFailure(MESSAGES.fillAllFields);
    if (password.length < PASSWORD_MIN_LENGTH) return setFailure(AUTH_MESSAGES.passwordTooWeak);
    setPending(true);
    setFailure(null);
    try {
      await confirmNewPassword(code, password);
      setChanged(true);
    } catch (error) {
      setFailure(changeFailure(error));
    } finally {
      setPending(false);
    }
  };

  if (codeState.status === 'checking') {
    return <Spinner label="Checking your reset link…" />;
  }
  if (codeState.status === 'invalid' || changed) {
    return (
      <div className="ui-card auth-form">
        <h1 id="reset-heading">{changed ? 'Password changed' : 'Reset your password'}</h1>
        <p role={changed ? 'status' : 'alert'} className="auth-form__notice">
          {changed ? AUTH_MESSAGES.passwordChanged : AUTH_MESSAGES.resetLinkInvalid}
        </p>
        <p>
          {changed ? (
            <Link to="/login">Sign in</Link>
          ) : (
            <Link to={RESET_PASSWORD_PATH}>Send a new link</Link>
          )}
        </p>
      </div>
    );
  }
  return (
    <ResetStepForm
      heading="Choose a new password"
      notice={`For ${codeState.email}`}
      field={{ ...PASSWORD_FIELD, value: password, onChange: (e) => setPassword(e.target.value) }}
      answer={failure ? { text: failure, role: 'alert' } : null}
      submitLabel="Change password"
      pending={pending}
      onSubmit={() => void submit()}
    />
  );
}
