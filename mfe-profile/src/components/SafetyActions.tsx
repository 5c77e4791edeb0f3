import { useState } from 'react';
import { setBlocked, setMuted, useHiddenMembers } from 'shared-firebase';
import { Button } from 'shared-ui';

export interface SafetyActionsProps {
  me: string;
  target: string;
  targetName: string;
}

/**
 * Mute / Unmute and Block / Unblock on another member's profile. Blocking asks first (it ends the
 * follows both ways); muting does not (nothing is lost, and the member is never told). The labels
 * follow the viewer's live edges, so they turn when the write lands, here or in another tab.
 */
export function SafetyActions({ me, target, targetName }: SafetyActionsProps) {
  const hidden = useHiddenMembers();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const blocked = hidden.blocked.has(target);
  const muted = hidden.muted.has(target);
  const name = targetName || 'this member';

  const run = async (what: string, write: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await write();
    } catch (error) {
      console.error(`${what} failed`, error);
      setProblem(`${what} did not finish. Try again.`);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="profile-safety">
      {blocked ? null : (
        <Button
          variant="ghost"
          aria-pressed={muted}
          disabled={busy}
          onClick={() => run(muted ? 'Unmuting' : 'Muting', () => setMuted(me, target, !muted))}
        >
          {muted ? 'Unmute' : 'Mute'}
        </Button>
      )}
      {blocked ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => run('Unblocking', () => setBlocked(me, target, false))}
        >
          Unblock
        </Button>
      ) : confirming ? (
        <span role="group" aria-label={`Block ${name}?`} className="profile-safety__confirm">
          <span>
            Block {name}? They can no longer follow you, like or comment on your posts, and you stop
            following each other.
          </span>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => run('Blocking', () => setBlocked(me, target, true))}
          >
            Block {name}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
          Block
        </Button>
      )}
      {problem ? (
        <p className="profile-safety__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
