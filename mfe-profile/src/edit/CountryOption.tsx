import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { MESSAGES, profileUpdates, saveProfileUpdate } from 'shared-firebase';
import { COUNTRY_NAMES } from '../countries';
import type { OptionProps } from './options';
import { SubmitButton } from './SubmitButton';
import { useSend } from './useSend';

/** Country of birth from the dataset; stored in From and Lives (Lives shows the same value). */
export function CountryOption({ uid, profile, notify }: OptionProps) {
  const current = profile?.userInfo?.From ?? '';
  const [country, setCountry] = useState(COUNTRY_NAMES.includes(current) ? current : '');
  const { sending, send } = useSend();
  const selectId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!COUNTRY_NAMES.includes(country)) {
      notify(MESSAGES.chooseCountry, 'error');
      return;
    }
    void send(async () => {
      try {
        await saveProfileUpdate(uid, profileUpdates.country(country));
        notify(MESSAGES.countryChanged, 'success');
      } catch (error) {
        console.error('Country change failed', error);
        notify(MESSAGES.saveFailed, 'error');
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="ui-field">
        <label htmlFor={selectId} className="ui-field__label">
          Country of birth
        </label>
        <select
          id={selectId}
          className="ui-field__input profile-edit__select"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
        >
          <option value="">Choose a country</option>
          {COUNTRY_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton sending={sending} />
    </form>
  );
}
