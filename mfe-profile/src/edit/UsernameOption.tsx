import { useState } from 'react';
import { MESSAGES, USERNAME_MAX_LENGTH } from 'shared-firebase';
import { TextField } from 'shared-ui';
import { profileUpdates, usernameProblem } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import type { OptionProps } from './options';
import { OptionForm } from './OptionForm';
import type { OptionCheck } from './OptionForm';

export function UsernameOption({ uid, profile, notify }: OptionProps) {
  const [name, setName] = useState(profile?.userInfo?.userName ?? '');

  const check = (): OptionCheck => {
    const problem = usernameProblem(name);
    if (problem) {
      return {
        problem: problem === 'empty' ? PROFILE_MESSAGES.usernameEmpty : MESSAGES.usernameTooLong,
      };
    }
    return {
      update: profileUpdates.username(name.trim()),
      saved: PROFILE_MESSAGES.usernameChanged,
    };
  };

  return (
    <OptionForm uid={uid} notify={notify} what="Username" check={check}>
      <TextField
        label={`Username (at most ${USERNAME_MAX_LENGTH} characters)`}
        value={name}
        maxLength={USERNAME_MAX_LENGTH}
        autoComplete="nickname"
        onChange={(event) => setName(event.target.value)}
      />
    </OptionForm>
  );
}
