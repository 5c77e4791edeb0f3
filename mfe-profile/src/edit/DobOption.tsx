import { useState } from 'react';
import { TextField } from 'shared-ui';
import { DOB_FIELD_LENGTHS } from '../constants';
import { checkDob, formatDob, parseStoredDob, profileUpdates } from '../data';
import type { DobFields } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import type { OptionProps } from './options';
import { OptionForm } from './OptionForm';
import type { OptionCheck } from './OptionForm';

const EMPTY: DobFields = { day: '', month: '', year: '' };

function initialFields(stored: string | null | undefined): DobFields {
  const date = parseStoredDob(stored);
  if (!date) return EMPTY;
  return { day: String(date.day), month: String(date.month), year: String(date.year) };
}

const DOB_PARTS: ReadonlyArray<{
  key: keyof DobFields;
  label: string;
  placeholder: string;
  autoComplete: string;
}> = [
  { key: 'day', label: 'Day', placeholder: 'DD', autoComplete: 'bday-day' },
  { key: 'month', label: 'Month', placeholder: 'MM', autoComplete: 'bday-month' },
  { key: 'year', label: 'Year', placeholder: 'YYYY', autoComplete: 'bday-year' },
];

/** Day, month and year as digits; stored as "3rd Jul 1990" (shared-firebase dob.ts). */
export function DobOption({ uid, profile, notify }: OptionProps) {
  const [fields, setFields] = useState<DobFields>(() => initialFields(profile?.userInfo?.dob));

  const set = (key: keyof DobFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  const check = (): OptionCheck => {
    const checked = checkDob(fields);
    if (!checked.ok) return { problem: checked.message };
    return {
      update: profileUpdates.dob(formatDob(checked.date)),
      saved: PROFILE_MESSAGES.dobChanged,
    };
  };

  return (
    <OptionForm uid={uid} notify={notify} what="Date of birth" check={check}>
      <fieldset className="profile-edit__menu">
        <legend>Date of birth</legend>
        <div className="profile-edit__dob">
          {DOB_PARTS.map((part) => (
            <TextField
              key={part.key}
              label={part.label}
              value={fields[part.key]}
              maxLength={DOB_FIELD_LENGTHS[part.key]}
              inputMode="numeric"
              placeholder={part.placeholder}
              autoComplete={part.autoComplete}
              onChange={set(part.key)}
            />
          ))}
        </div>
      </fieldset>
    </OptionForm>
  );
}
