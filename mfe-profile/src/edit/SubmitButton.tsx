import { Button } from 'shared-ui';

export const SENDING_LABEL = 'Sending...';

/** The edit form's submit button: 'Sending...' and disabled while the change is sent. */
export function SubmitButton({ sending }: { sending: boolean }) {
  return (
    <Button type="submit" disabled={sending} aria-busy={sending}>
      {sending ? SENDING_LABEL : 'Save'}
    </Button>
  );
}
