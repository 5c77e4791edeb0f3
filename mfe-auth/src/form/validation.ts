import {
  MESSAGES,
  USERNAME_MAX_LENGTH,
  userNameCharacterMessage,
  userNameCharacterProblem,
} from 'shared-firebase/session';

export type FieldName = 'userName' | 'email' | 'password';

export type Check<Values> =
  { ok: true; values: Values } | { ok: false; message: string; fields: FieldName[] };

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues extends SignInValues {
  userName: string;
}

function blankFields(fields: Partial<Record<FieldName, string>>): FieldName[] {
  return (Object.keys(fields) as FieldName[]).filter((name) => fields[name]!.trim() === '');
}

/**
 * docs/PRODUCT.md "Validation": blank or whitespace-only fields are refused. The e-mail is trimmed (addresses
 * never start or end with spaces); the password is sent exactly as typed.
 */
export function checkSignIn(input: SignInValues): Check<SignInValues> {
  const blank = blankFields(input);
  if (blank.length > 0) return { ok: false, message: MESSAGES.fillAllFields, fields: blank };
  return { ok: true, values: { email: input.email.trim(), password: input.password } };
}

/**
 * As sign-in, plus the user name rules of the edit screen: trimmed, at most 32 characters, no
 * characters that hide what the name shows (docs/DATA_MODEL.md "Unique names").
 */
export function checkSignUp(input: SignUpValues): Check<SignUpValues> {
  const blank = blankFields(input);
  if (blank.length > 0) return { ok: false, message: MESSAGES.fillAllFields, fields: blank };
  const userName = input.userName.trim();
  if (userName.length > USERNAME_MAX_LENGTH) {
    return { ok: false, message: MESSAGES.usernameTooLong, fields: ['userName'] };
  }
  const problem = userNameCharacterProblem(userName);
  if (problem) {
    return { ok: false, message: userNameCharacterMessage(problem), fields: ['userName'] };
  }
  return {
    ok: true,
    values: { userName, email: input.email.trim(), password: input.password },
  };
}
