import type { FormEvent, ReactNode } from 'react';
import { saveProfileUpdate } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import type { OptionProps } from './options';
import { SubmitButton } from './SubmitButton';
import { useSend } from './useSend';

/**
 * What a Save asks of an option: a problem to show, or the change to save (a profile update, or a
 * write of its own) and what to say then; `failure` words a failed write the option knows.
 */
export type OptionCheck =
  | { problem: string }
  | ({ saved: string; failure?: (error: unknown) => string | null } & (
      { update: Parameters<typeof saveProfileUpdate>[1] } | { save: () => Promise<void> }
    ));

export interface OptionFormProps extends Pick<OptionProps, 'uid' | 'notify'> {
  /** Names the change in the console when it fails ("Username"). */
  what: string;
  /** Reads the fields when Save is pressed. */
  check: () => OptionCheck;
  /** The option's fields. */
  children: ReactNode;
}

/**
 * An edit option's form: on Save, the option's check; then one change at a time saved to the
 * profile, saying that it is saved or that it failed.
 */
export function OptionForm({ uid, notify, what, check, children }: OptionFormProps) {
  const { sending, send } = useSend();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    if ('problem' in checked) {
      notify(checked.problem, 'error');
      return;
    }
    void send(async () => {
      try {
        await ('save' in checked ? checked.save() : saveProfileUpdate(uid, checked.update));
        notify(checked.saved, 'success');
      } catch (error) {
        const known = checked.failure?.(error) ?? null;
        if (!known) console.error(`${what} change failed`, error);
        notify(known ?? PROFILE_MESSAGES.saveFailed, 'error');
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      {children}
      <SubmitButton sending={sending} />
    </form>
  );
}
