import { useState } from 'react';
import { MESSAGES, USERNAME_MAX_LENGTH, userNameCharacterMessage } from 'shared-firebase';
import { TextField } from 'shared-ui';
import { changeUserName, usernameProblem, UserNameTakenError } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import type { OptionProps } from './options';
import { OptionForm } from './OptionForm';
import type { OptionCheck } from './OptionForm';

/** The message for a name the form refuses before sending it. */
function problemMessage(problem: NonNullable<ReturnType<typeof usernameProblem>>): string {
  switch (problem) {
    case 'empty':
      return PROFILE_MESSAGES.usernameEmpty;
    case 'tooLong':
      return MESSAGES.usernameTooLong;
    default:
      return userNameCharacterMessage(problem);
  }
}

export function UsernameOption({ uid, profile, notify }: OptionProps) {
  const [name, setName] = useState(profile?.userInfo?.userName ?? '');

  const check = (): OptionCheck => {
    const problem = usernameProblem(name);
    if (problem) return { problem: problemMessage(problem) };
    return {
      save: () => changeUserName(uid, name.trim(), profile?.nameKey),
      saved: PROFILE_MESSAGES.usernameChanged,
      failure: (error) => (error instanceof UserNameTakenError ? MESSAGES.usernameTaken : null),
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
