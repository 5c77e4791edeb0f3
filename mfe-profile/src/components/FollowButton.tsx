import { useRef, useState } from 'react';
import { useBrowserOnline } from 'shared-firebase';
import { Button, LoadFailure } from 'shared-ui';
import { setFollowing, useFollowStatus } from '../data';
import type { FollowStatus } from '../data';
import { PROFILE_MESSAGES } from '../messages';

export interface FollowButtonProps {
  me: string;
  target: string;
  targetName: string;
}

/**
 * The Follow/Followed toggle that reads its own state, for lists of members (each row reads the
 * viewer's edge to its member); see FollowToggle.
 */
export function FollowButton(props: FollowButtonProps) {
  // A new key remounts the follow state's subscription: Retry reads it again.
  const [attempt, setAttempt] = useState(0);
  return (
    <SubscribedToggle key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />
  );
}

function SubscribedToggle(props: FollowButtonProps & { onRetry: () => void }) {
  return <FollowToggle {...props} status={useFollowStatus(props.me, props.target)} />;
}

export interface FollowToggleProps extends FollowButtonProps {
  /** Live from the viewer's edge `follows/{me}_{target}`. */
  status: FollowStatus;
  /** Reads the state again after a failed read. */
  onRetry: () => void;
}

/**
 * The Follow/Followed toggle for a state its parent reads. The label turns at once (the edge's
 * local write); until the server has accepted the commit the button is disabled and further
 * clicks are ignored, so a double click does one thing. A refused commit is reported with a Retry.
 * Offline, a note says the change waits for the connection.
 */
export function FollowToggle({ me, target, targetName, status, onRetry }: FollowToggleProps) {
  const online = useBrowserOnline();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [unfinished, setUnfinished] = useState<boolean | null>(null);

  const run = (follow: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setUnfinished(null);
    setFollowing(me, target, follow)
      .catch((error: unknown) => {
        console.error('Follow change failed', error);
        setUnfinished(follow);
      })
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
  };

  if (status.status === 'error') {
    return <LoadFailure message="The follow state could not be loaded." onRetry={onRetry} />;
  }
  const following = status.status === 'ready' && status.following;
  return (
    <div>
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        aria-busy={pending}
        disabled={pending || status.status === 'loading'}
        // A double click's second click (detail 2) would undo the first, which the label shows
        // at once: a double click does one thing. Keyboard activation has detail 0.
        onClick={(event) => {
          if (event.detail <= 1) run(!following);
        }}
      >
        {following ? 'Followed' : 'Follow'}
      </Button>
      {pending && !online ? (
        <p className="profile-follow__waiting" role="status">
          {PROFILE_MESSAGES.followWaitingForConnection}
        </p>
      ) : null}
      {unfinished !== null && !pending ? (
        <p className="profile-follow__problem" role="alert">
          {unfinished ? `Following ${targetName}` : `Unfollowing ${targetName}`} did not finish.
          <Button variant="secondary" onClick={() => run(unfinished)}>
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
}
