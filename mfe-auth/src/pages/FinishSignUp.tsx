import { useState } from 'react';
import { Button } from 'shared-ui';
import { completeSignUp } from '../data';
import { AUTH_MESSAGES } from '../messages';

export interface FinishSignUpProps {
  headingId: string;
  uid: string;
  userName: string;
  onFinished: () => void;
}

/**
 * Shown when the account was created but its documents were not: the member is told and retries.
 * The message stays (it carries an action) and is re-announced after each failed retry.
 */
export function FinishSignUp({ headingId, uid, userName, onFinished }: FinishSignUpProps) {
  const [pending, setPending] = useState(false);
  const [failures, setFailures] = useState(1);

  const retry = async () => {
    setPending(true);
    try {
      await completeSignUp(uid, userName);
    } catch (error) {
      console.error(error);
      setPending(false);
      setFailures((count) => count + 1);
      return;
    }
    onFinished();
  };

  return (
    <div className="ui-card auth-form auth-form--failed" aria-busy={pending}>
      <h1 id={headingId}>Sign up</h1>
      <div role="alert">
        <p key={failures} className="ui-status__message ui-status__message--error">
          {AUTH_MESSAGES.accountDocumentsFailed}
        </p>
      </div>
      <Button className="auth-form__submit" disabled={pending} onClick={() => void retry()}>
        Try again
      </Button>
    </div>
  );
}
