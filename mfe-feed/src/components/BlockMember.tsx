import { setBlocked } from 'shared-firebase';
import { Button } from 'shared-ui';

/** What blocking does, said before it is done. */
export const BLOCK_QUESTION =
  'Block this member? They can no longer follow you, like or comment on your posts, you stop following each other, and you no longer see anything of theirs.';

export interface BlockQuestionProps {
  viewerUid: string;
  memberUid: string;
  onDone: () => void;
  onError: (message: string) => void;
}

/** The question a Block item of a menu opens: Block (the edge) or Cancel. */
export function BlockQuestion({ viewerUid, memberUid, onDone, onError }: BlockQuestionProps) {
  return (
    <div className="feed-confirm" role="group" aria-label="Block this member?">
      <span>{BLOCK_QUESTION}</span>
      <Button
        variant="primary"
        onClick={() => {
          setBlocked(viewerUid, memberUid, true)
            .catch((error: unknown) => {
              console.error('Blocking failed', error);
              onError('Blocking did not finish. Please try again.');
            })
            .finally(onDone);
        }}
      >
        Block
      </Button>
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </div>
  );
}
