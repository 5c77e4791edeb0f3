import { useState } from 'react';
import type { FormEvent } from 'react';
import { REPORT_NOTE_MAX_LENGTH } from 'shared-firebase';
import type { ModerationActionKind, ModerationCase, WithId } from 'shared-firebase';
import { Button, TextField } from 'shared-ui';
import { actOnCase } from '../data';

export interface CaseActionsProps {
  moderationCase: WithId<ModerationCase>;
  moderatorUid: string;
}

/** The actions a case offers: removing needs content, suspending an author. */
function actionsFor(
  moderationCase: ModerationCase,
): { kind: ModerationActionKind; label: string }[] {
  const actions: { kind: ModerationActionKind; label: string }[] = [];
  if (moderationCase.status === 'open') actions.push({ kind: 'dismiss', label: 'Dismiss' });
  if (moderationCase.status === 'open' && moderationCase.kind !== 'member') {
    actions.push({ kind: 'remove', label: 'Remove for everyone' });
  }
  if (moderationCase.authorUid && moderationCase.status !== 'suspended') {
    actions.push({ kind: 'suspend', label: 'Suspend the author' });
  }
  if (moderationCase.authorUid && moderationCase.status === 'suspended') {
    actions.push({ kind: 'unsuspend', label: 'Lift the suspension' });
  }
  return actions;
}

/**
 * A moderator's decision on a case: why (kept in the log), then the action. The case changes
 * when the moderation function has carried it out; until then the form says it was sent.
 */
export function CaseActions({ moderationCase, moderatorUid }: CaseActionsProps) {
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'info' } | null>(null);
  const [sending, setSending] = useState(false);
  const actions = actionsFor(moderationCase);
  if (actions.length === 0) return null;

  const act = async (kind: ModerationActionKind) => {
    if (reason.trim() === '') {
      setMessage({ text: 'Say why: the reason is kept in the case’s log.', tone: 'error' });
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      await actOnCase(moderationCase.id, moderatorUid, kind, reason);
      setReason('');
      setMessage({ text: 'Sent. The case updates once it is carried out.', tone: 'info' });
    } catch {
      setMessage({ text: 'The action could not be sent. Please try again.', tone: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="moderation-case__actions"
      aria-label="Decision"
      onSubmit={(event: FormEvent) => event.preventDefault()}
    >
      <TextField
        label="Reason (kept in the log)"
        value={reason}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="moderation-case__buttons">
        {actions.map((action) => (
          <Button
            key={action.kind}
            variant={
              action.kind === 'dismiss' || action.kind === 'unsuspend' ? 'secondary' : 'danger'
            }
            disabled={sending}
            onClick={() => void act(action.kind)}
          >
            {action.label}
          </Button>
        ))}
      </div>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`moderation-note moderation-note--${message.tone}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
