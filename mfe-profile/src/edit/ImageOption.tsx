import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { checkImageFile, ImageUnreadableError, MESSAGES } from 'shared-firebase';
import { ProgressBar, useObjectUrl } from 'shared-ui';
import { changeProfileImage } from '../data';
import type { ProfileImageKind } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import type { OptionProps } from './options';
import { SubmitButton } from './SubmitButton';
import { useSend } from './useSend';

const TEXT = {
  picture: {
    field: 'New profile picture',
    preview: 'Preview of the new profile picture',
    done: PROFILE_MESSAGES.profilePictureChanged,
  },
  cover: {
    field: 'New cover picture',
    preview: 'Preview of the new cover picture',
    done: PROFILE_MESSAGES.profileCoverChanged,
  },
} as const;

/** Profile picture or cover: PNG or JPEG, previewed, uploaded under {uid}/pfps/ or {uid}/pfcovers/. */
export function ImageOption({ uid, notify, kind }: OptionProps & { kind: ProfileImageKind }) {
  const text = TEXT[kind];
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Changing the key empties the file input after a send or a refused file.
  const [inputKey, setInputKey] = useState(0);
  const { sending, send } = useSend();

  const preview = useObjectUrl(file);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkImageFile(chosen, 'png-or-jpeg') : null;
    if (problem) {
      notify(problem, 'error');
      setInputKey((key) => key + 1);
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      notify(PROFILE_MESSAGES.noFileSelected, 'error');
      return;
    }
    void send(async () => {
      setProgress(0);
      try {
        await changeProfileImage(uid, kind, file, setProgress);
        notify(text.done, 'success');
        setFile(null);
        setInputKey((key) => key + 1);
      } catch (error) {
        if (error instanceof ImageUnreadableError) {
          // Nothing was uploaded; the member picks another file.
          notify(MESSAGES.imageUnreadable, 'error');
          setFile(null);
          setInputKey((key) => key + 1);
          return;
        }
        console.error('Profile image change failed', error);
        notify(PROFILE_MESSAGES.saveFailed, 'error');
      } finally {
        setProgress(null);
      }
    });
  };

  const inputId = `profile-edit-${kind}`;
  return (
    <form onSubmit={submit} noValidate>
      <div className="ui-field">
        <label htmlFor={inputId} className="ui-field__label">
          {text.field} (PNG or JPEG)
        </label>
        <input
          key={inputKey}
          id={inputId}
          className="ui-field__input"
          type="file"
          accept="image/png,image/jpeg"
          onChange={choose}
          disabled={sending}
        />
      </div>
      {preview ? (
        <img
          className={`profile-edit__preview profile-edit__preview--${kind}`}
          src={preview}
          alt={text.preview}
        />
      ) : null}
      {progress !== null ? (
        <ProgressBar percent={progress} label="Preparing and uploading" />
      ) : null}
      <SubmitButton sending={sending} />
    </form>
  );
}
