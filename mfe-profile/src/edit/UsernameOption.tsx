import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  MESSAGES,
  profileUpdates,
  saveProfileUpdate,
  USERNAME_MAX_LENGTH,
  usernameProblem,
} from 'shared-firebase';
import { TextField } from 'shared-ui';
import type { OptionProps } from './options';
import { SubmitButton } from './SubmitButton';
import { useSend } from './useSend';

export function UsernameOption({ uid, profile, notify }: OptionProps) {
  const [name, setName] = useState(profile?.userInfo?.userName ?? '');
  const { sending, send } = useSend();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = usernameProblem(name);
    if (problem) {
      notify(problem === 'empty' ? MESSAGES.usernameEmpty : MESSAGES.usernameTooLong, 'error');
      return;
    }
    void send(async () => {
      try {
        await saveProfileUpdate(uid, profileUpdates.username(name.trim()));
        notify(MESSAGES.usernameChanged, 'success');
      } catch (error) {
        console.error('Username change failed', error);
        notify(MESSAGES.saveFailed, 'error');
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={`Username (at most ${USERNAME_MAX_LENGTH} characters)`}
        value={name}
        maxLength={USERNAME_MAX_LENGTH}
        autoComplete="nickname"
        onChange={(event) => setName(event.target.value)}
      />
      <SubmitButton sending={sending} />
    </form>
  );
}
