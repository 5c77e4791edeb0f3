import { useState } from 'react';
import type { FormEvent } from 'react';
import { ABOUT_MAX_LENGTH, MESSAGES, profileUpdates, saveProfileUpdate } from 'shared-firebase';
import { TextAreaField } from 'shared-ui';
import type { OptionProps } from './options';
import { SubmitButton } from './SubmitButton';
import { useSend } from './useSend';

/** About: any text up to ABOUT_MAX_LENGTH; empty removes it. */
export function AboutOption({ uid, profile, notify }: OptionProps) {
  const [about, setAbout] = useState(profile?.userInfo?.userAbout ?? '');
  const { sending, send } = useSend();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = about.trim();
    if (text.length > ABOUT_MAX_LENGTH) {
      notify(MESSAGES.aboutTooLong, 'error');
      return;
    }
    void send(async () => {
      try {
        await saveProfileUpdate(uid, profileUpdates.about(text));
        notify(text === '' ? MESSAGES.aboutRemoved : MESSAGES.aboutChanged, 'success');
      } catch (error) {
        console.error('About change failed', error);
        notify(MESSAGES.saveFailed, 'error');
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label="About (leave empty to remove it)"
        value={about}
        maxLength={ABOUT_MAX_LENGTH}
        onChange={(event) => setAbout(event.target.value)}
      />
      <SubmitButton sending={sending} />
    </form>
  );
}
