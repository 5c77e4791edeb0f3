import { useState } from 'react';
import { useOwnMember, useSignedInUid } from 'shared-firebase';
import { Spinner, StatusMessage, ThemeSetting, useStatusMessage } from 'shared-ui';
import { DeleteAccountSection } from '../account/DeleteAccountSection';
import { HiddenMembersSection } from '../account/HiddenMembersSection';
import { AboutOption } from '../edit/AboutOption';
import { CountryOption } from '../edit/CountryOption';
import { DobOption } from '../edit/DobOption';
import { ImageOption } from '../edit/ImageOption';
import { EDIT_OPTIONS } from '../edit/options';
import type { EditOptionId, OptionProps } from '../edit/options';
import { UsernameOption } from '../edit/UsernameOption';

function SelectedOption({ option, ...props }: OptionProps & { option: EditOptionId }) {
  switch (option) {
    case 'picture':
      return <ImageOption {...props} kind="picture" />;
    case 'cover':
      return <ImageOption {...props} kind="cover" />;
    case 'username':
      return <UsernameOption {...props} />;
    case 'about':
      return <AboutOption {...props} />;
    case 'dob':
      return <DobOption {...props} />;
    case 'country':
      return <CountryOption {...props} />;
  }
}

/**
 * /edit-profile: one option at a time from a radio group; its form (and so the submit button)
 * appears only once an option is selected. Messages stay 3000 ms (useStatusMessage).
 */
export function EditProfilePage() {
  const uid = useSignedInUid();
  const profile = useOwnMember(uid);
  const [option, setOption] = useState<EditOptionId | null>(null);
  const { status, show } = useStatusMessage();

  return (
    <section className="ui-page" aria-labelledby="edit-profile-heading">
      <h1 id="edit-profile-heading">Edit profile</h1>
      <div className="ui-card">
        <fieldset className="profile-edit__menu">
          <legend>What would you like to change?</legend>
          {EDIT_OPTIONS.map((entry) => (
            <label key={entry.id} className="profile-edit__option">
              <input
                type="radio"
                name="edit-profile-option"
                value={entry.id}
                checked={option === entry.id}
                onChange={() => setOption(entry.id)}
              />
              {entry.label}
            </label>
          ))}
        </fieldset>
        {option && uid ? (
          // The form waits for the profile it is prefilled from: prefilling a form already on
          // screen would throw away what the member has typed meanwhile.
          profile.status === 'loading' ? (
            <Spinner label="Loading your profile…" />
          ) : (
            <SelectedOption
              key={option}
              option={option}
              uid={uid}
              profile={profile.status === 'ready' ? profile.data : null}
              notify={show}
            />
          )
        ) : null}
        <StatusMessage status={status} />
      </div>
      <ThemeSetting />
      {uid ? <HiddenMembersSection me={uid} /> : null}
      <DeleteAccountSection />
    </section>
  );
}
