import { useId, useState } from 'react';
import { profileUpdates } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import { COUNTRY_NAMES } from '../countries';
import type { OptionProps } from './options';
import { OptionForm } from './OptionForm';
import type { OptionCheck } from './OptionForm';

/** Country of birth from the dataset; stored in From and Lives (Lives shows the same value). */
export function CountryOption({ uid, profile, notify }: OptionProps) {
  const current = profile?.userInfo?.From ?? '';
  const [country, setCountry] = useState(COUNTRY_NAMES.includes(current) ? current : '');
  const selectId = useId();

  const check = (): OptionCheck =>
    COUNTRY_NAMES.includes(country)
      ? { update: profileUpdates.country(country), saved: PROFILE_MESSAGES.countryChanged }
      : { problem: PROFILE_MESSAGES.chooseCountry };

  return (
    <OptionForm uid={uid} notify={notify} what="Country" check={check}>
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
    </OptionForm>
  );
}
