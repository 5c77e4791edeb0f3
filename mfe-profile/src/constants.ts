/** Digits of each date-of-birth field on the edit form. */
export const DOB_FIELD_LENGTHS = { day: 2, month: 2, year: 4 } as const;
