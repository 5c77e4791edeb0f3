import { useState } from 'react';
import { ABOUT_MAX_LENGTH } from 'shared-firebase';
import { TextAreaField } from 'shared-ui';
import { profileUpdates } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import type { OptionProps } from './options';
import { OptionForm } from './OptionForm';
import type { OptionCheck } from './OptionForm';

/** About: any text up to ABOUT_MAX_LENGTH; empty removes it. */
export function AboutOption({ uid, profile, notify }: OptionProps) {
  const [about, setAbout] = useState(profile?.userInfo?.userAbout ?? '');

  const check = (): OptionCheck => {
    const text = about.trim();
    if (text.length > ABOUT_MAX_LENGTH) return { problem: PROFILE_MESSAGES.aboutTooLong };
    return {
      update: profileUpdates.about(text),
      saved: text === '' ? PROFILE_MESSAGES.aboutRemoved : PROFILE_MESSAGES.aboutChanged,
    };
  };

  return (
    <OptionForm uid={uid} notify={notify} what="About" check={check}>
      <TextAreaField
        label="About (leave empty to remove it)"
        value={about}
        maxLength={ABOUT_MAX_LENGTH}
        onChange={(event) => setAbout(event.target.value)}
      />
    </OptionForm>
  );
}
