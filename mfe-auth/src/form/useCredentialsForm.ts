import { useState } from 'react';
import { useFormFeedback } from './useFormFeedback';
import type { Check } from './validation';

/**
 * The state of the sign-in or sign-up form: its e-mail and password, whether it is being sent, its
 * failure feedback, and `send`, which sends it once.
 */
export function useCredentialsForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const feedback = useFormFeedback();

  /**
   * Sends the form unless it is on its way already: a refused `check` marks its fields; otherwise
   * `call` runs with the checked values while the form is pending, and its failure ends the pending
   * state and goes to `failed`. Resolves true when `call` succeeded: the page moves on, so the form
   * stays pending.
   */
  const send = async <Values>(
    check: Check<Values>,
    call: (values: Values) => Promise<unknown>,
    failed: (error: unknown) => void,
  ): Promise<boolean> => {
    if (pending) return false;
    if (!check.ok) {
      feedback.fail(check.message, check.fields);
      return false;
    }
    feedback.reset();
    setPending(true);
    try {
      await call(check.values);
      return true;
    } catch (error) {
      setPending(false);
      failed(error);
      return false;
    }
  };

  return { email, setEmail, password, setPassword, pending, feedback, send };
}

export type CredentialsFormState = ReturnType<typeof useCredentialsForm>;
