import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  COMMENT_MAX_LENGTH,
  isPermissionDenied,
  MAX_MENTIONS,
  USERNAME_MAX_LENGTH,
} from 'shared-firebase';
import { Button, MentionSuggestions, TextField, useMentionCombobox } from 'shared-ui';
import { useFindMembersByName } from '../data';
import { FEED_MESSAGES } from '../messages';
import { PendingNote } from './PendingNote';

export interface InlineTextFormProps {
  label: string;
  submitLabel: string;
  /** What a waiting write is called in the pending note, e.g. "Comment". */
  itemName: string;
  /**
   * Sends the text with the members it mentions (uids); resolves false when it was ignored
   * (whitespace only).
   */
  onSend: (text: string, mentions: string[]) => Promise<boolean>;
  onError: (message: string) => void;
}

/**
 * One-line text form for comments and replies, suggesting members while `@name` is typed:
 * whitespace-only text is ignored, not sent. The
 * field clears as soon as the text is handed to Firestore, which shows it at once and queues it
 * while offline (a note says it is waiting); if the write fails, the text comes back into the
 * field with a message, so nothing typed is lost.
 */
export function InlineTextForm({
  label,
  submitLabel,
  itemName,
  onSend,
  onError,
}: InlineTextFormProps) {
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(0);
  const findMembers = useFindMembersByName();
  const mention = useMentionCombobox({
    value: text,
    onValueChange: setText,
    search: findMembers,
    maxQueryLength: USERNAME_MAX_LENGTH,
    maxMentions: MAX_MENTIONS,
  });
  const restore = (sent: string) => setText((current) => (current === '' ? sent : current));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    const sent = text;
    // Picked members stay known, so a text that comes back still mentions them when sent again.
    const mentions = mention.mentionsIn(sent, MAX_MENTIONS);
    setText('');
    setWaiting((count) => count + 1);
    try {
      // Sent: its picks are done with, so a name typed by hand later mentions nobody.
      if (await onSend(sent, mentions)) mention.reset();
      else restore(sent);
    } catch (error) {
      console.error(`${submitLabel} failed`, error);
      restore(sent);
      onError(
        isPermissionDenied(error) && mentions.length > 0
          ? FEED_MESSAGES.textMentionRefused
          : 'That could not be sent. Please try again.',
      );
    } finally {
      setWaiting((count) => count - 1);
    }
  };

  return (
    <form className="feed-inline-form" onSubmit={submit}>
      <div className="ui-mention-field feed-inline-form__field">
        <TextField
          label={label}
          hideLabel
          placeholder={label}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          {...mention.fieldProps}
        />
        <MentionSuggestions {...mention.suggestions} />
      </div>
      <Button type="submit">{submitLabel}</Button>
      {waiting > 0 ? <PendingNote what={itemName} /> : null}
    </form>
  );
}
