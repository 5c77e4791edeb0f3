import { useState } from 'react';
import type { FormEvent } from 'react';
import { authErrorCode, MESSAGES, useSignedInUid } from 'shared-firebase';
import { Button, ProgressBar, TextField } from 'shared-ui';
import { deleteAccount, useAccountDeletionMark } from '../data';
import type { DeletionProgress } from '../data';
import { PROFILE_MESSAGES } from '../messages';

/** What the member is told when the deletion stopped. */
function failureMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
      return MESSAGES.incorrectPassword;
    default:
      return PROFILE_MESSAGES.deletionStopped;
  }
}

/**
 * "Delete account" on /edit-profile: the member types their password to confirm, then sees each
 * step's progress. A deletion that stopped (closed tab, lost connection) is offered again here,
 * at the next visit or sign-in, from the mark it left (shared-firebase useAccountDeletionMark).
 * When the last step deletes the sign-in, the session ends and the shell shows /login.
 */
export function DeleteAccountSection() {
  const uid = useSignedInUid();
  const mark = useAccountDeletionMark(uid);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [progress, setProgress] = useState<DeletionProgress | null>(null);
  // Stays until the next attempt: it says what to do next, so it must not vanish.
  const [failure, setFailure] = useState<string | null>(null);
  const interrupted = mark.status === 'ready' && progress === null;
  const running = progress !== null;
  const message = failure ?? (interrupted ? PROFILE_MESSAGES.deletionInterrupted : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!uid || running) return;
    if (password === '') {
      setFailure(MESSAGES.fillAllFields);
      return;
    }
    setFailure(null);
    setProgress({ stepId: 'password', label: 'Checking your password', index: 0, total: 1 });
    try {
      await deleteAccount(uid, password, setProgress);
    } catch (error) {
      console.error('Account deletion stopped', error);
      setProgress(null);
      setFailure(failureMessage(error));
    }
  };

  return (
    <section className="ui-card profile-delete" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete account</h2>
      <p>
        This deletes your posts and photos, your comments and replies, your likes, who you follow
        and who follows you, and your sign-in. It cannot be undone.
      </p>
      {message ? (
        <p role="alert" className="profile-delete__message">
          {message}
        </p>
      ) : null}
      {open || interrupted ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={running}>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={running}
            onChange={(event) => setPassword(event.target.value)}
          />
          {progress ? (
            <ProgressBar percent={(progress.index / progress.total) * 100} label={progress.label} />
          ) : null}
          <div className="profile-delete__actions">
            <Button type="submit" variant="danger" disabled={running}>
              {interrupted ? 'Finish deleting my account' : 'Delete my account permanently'}
            </Button>
            {interrupted ? null : (
              <Button
                variant="secondary"
                disabled={running}
                onClick={() => {
                  setOpen(false);
                  setPassword('');
                  setFailure(null);
                }}
              >
                Cancel
              </Button>
            )}
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      )}
    </section>
  );
}
