import { useState } from 'react';
import type { FormEvent } from 'react';
import { COMMENT_MAX_LENGTH } from 'shared-firebase';
import { Button, TextField } from 'shared-ui';

export interface InlineTextFormProps {
  label: string;
  submitLabel: string;
  /** Sends the text; resolves false when it was ignored (whitespace only). */
  onSend: (text: string) => Promise<boolean>;
  onError: (message: string) => void;
}

/** One-line text form for comments and replies: whitespace-only text is ignored, not sent. */
export function InlineTextForm({ label, submitLabel, onSend, onError }: InlineTextFormProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || text.trim() === '') return;
    setSending(true);
    try {
      if (await onSend(text)) setText('');
    } catch (error) {
      console.error(`${submitLabel} failed`, error);
      onError('That could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="feed-inline-form" onSubmit={submit}>
      <TextField
        label={label}
        hideLabel
        placeholder={label}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        disabled={sending}
      />
      <Button type="submit" disabled={sending}>
        {submitLabel}
      </Button>
    </form>
  );
}
