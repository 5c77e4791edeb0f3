import { useSearchParams } from 'react-router-dom';
import { NewPasswordForm } from '../reset/NewPasswordForm';
import { RequestResetForm } from '../reset/RequestResetForm';

/**
 * /reset-password: without a code, the form that e-mails a reset link; with the code of that link
 * (`?mode=resetPassword&oobCode=…`, what Firebase appends to the project's action URL, see
 * docs/DATA_MODEL.md "Password reset"), the form that sets the new password.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('mode') === 'resetPassword' ? params.get('oobCode') : null;
  return (
    <section className="ui-page auth-page" aria-labelledby="reset-heading">
      {code ? <NewPasswordForm code={code} /> : <RequestResetForm />}
    </section>
  );
}
