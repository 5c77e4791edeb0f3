import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { authErrorCode, MESSAGES, useSignedInUid } from 'shared-firebase';
import { Button, ProgressBar, TextField } from 'shared-ui';
import {
  deletionProgressOf,
  leaveDeletedAccount,
  requestAccountDeletion,
  useAccountDeletionMark,
} from '../data';
import { PROFILE_MESSAGES } from '../messages';

/** What the member is told when the request could not be made. */
function failureMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
      return MESSAGES.incorrectPassword;
    default:
      return PROFILE_MESSAGES.deletionRequestFailed;
  }
}

/**
 * "Delete account" on /edit-profile. The member types their password once; the page then asks
 * the server to delete the account (docs/DATA_MODEL.md "Deleting an account") and shows the
 * server job's progress live from the request document. The page may be closed: the job goes on,
 * and a later visit (while the sign-in still exists) shows its progress again. When the job is
 * done the member is signed out and the sign-in page says the account was deleted.
 */
export function DeleteAccountSection() {
  const uid = useSignedInUid();
  const request = useAccountDeletionMark(uid);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  // Stays until the next attempt: it says what to do next, so it must not vanish.
  const [failure, setFailure] = useState<string | null>(null);
  const sawRequest = useRef(false);
  // While this tab's request is on its way the cache already shows it; the page says it may be
  // closed only once the server has it (a tab closed before would lose it).
  const progress = request.status === 'ready' && !sending ? deletionProgressOf(request.data) : null;
  // The job deletes its request last: a request seen, then gone, is a finished job too.
  const finished = progress?.finished || (sawRequest.current && request.status === 'missing');
  if (request.status === 'ready') sawRequest.current = true;

  useEffect(() => {
    if (finished) void leaveDeletedAccount();
  }, [finished]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!uid || sending) return;
    if (password === '') {
      setFailure(MESSAGES.fillAllFields);
      return;
    }
    setFailure(null);
    setSending(true);
    try {
      await requestAccountDeletion(uid, password);
    } catch (error) {
      console.error('Account deletion could not be requested', error);
      setFailure(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="ui-card profile-delete" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading" className="ui-setting__heading">
        Delete account
      </h2>
      <p>
        This deletes your posts and photos, your comments and replies, your likes, who you follow
        and who follows you, and your sign-in. It cannot be undone.
      </p>
      {failure ? (
        <p role="alert" className="profile-delete__message">
          {failure}
        </p>
      ) : null}
      {progress ? (
        <div className="profile-delete__progress">
          <p role="status" className="profile-delete__status">
            {finished ? PROFILE_MESSAGES.deletionFinished : PROFILE_MESSAGES.deletionRunning}
          </p>
          <ProgressBar
            percent={(progress.done / progress.total) * 100}
            label={`${progress.label} (step ${Math.min(progress.done + 1, progress.total)} of ${progress.total})`}
          />
        </div>
      ) : open ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={sending}>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={sending}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="profile-delete__actions">
            <Button type="submit" variant="danger" disabled={sending}>
              Delete my account permanently
            </Button>
            <Button
              variant="secondary"
              disabled={sending}
              onClick={() => {
                setOpen(false);
                setPassword('');
                setFailure(null);
              }}
            >
              Cancel
            </Button>
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
