import { useCallback, useState } from 'react';
import { useStatusMessage } from 'shared-ui';
import type { FieldName } from './validation';

const NO_FIELDS: ReadonlySet<FieldName> = new Set();

/**
 * A form's failure state: the fields shown red (aria-invalid) until edited, and either a message
 * (shown for 3 s like every status message) or, for failures the product gives no message, a counter
 * that re-announces a visually hidden alert on each new failure.
 */
export function useFormFeedback() {
  const { status, show, clear } = useStatusMessage();
  const [invalid, setInvalid] = useState<ReadonlySet<FieldName>>(NO_FIELDS);
  const [quietFailures, setQuietFailures] = useState(0);

  const fail = useCallback(
    (message: string | null, fields: FieldName[]) => {
      setInvalid(new Set(fields));
      if (message) {
        setQuietFailures(0);
        show(message, 'error');
      } else {
        clear();
        setQuietFailures((count) => count + 1);
      }
    },
    [show, clear],
  );

  const reset = useCallback(() => {
    setInvalid(NO_FIELDS);
    setQuietFailures(0);
    clear();
  }, [clear]);

  const edited = useCallback((field: FieldName) => {
    setInvalid((fields) => {
      if (!fields.has(field)) return fields;
      const next = new Set(fields);
      next.delete(field);
      return next;
    });
  }, []);

  /** A text field's name, red state and change handler: the edit clears the field's red state. */
  const field = (name: FieldName, set: (value: string) => void) => ({
    name,
    'aria-invalid': invalid.has(name),
    onChange: (event: { target: { value: string } }) => {
      set(event.target.value);
      edited(name);
    },
  });

  return { status, invalid, quietFailures, fail, reset, edited, field };
}

export type FormFeedback = ReturnType<typeof useFormFeedback>;
