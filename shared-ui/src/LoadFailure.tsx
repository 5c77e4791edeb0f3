import { Button } from './Button';

export interface LoadFailureProps {
  /** What could not be loaded, e.g. "Posts could not be loaded." */
  message: string;
  /** Reads again, without a page reload. */
  onRetry: () => void;
}

/** A load error a member can recover from: the message and a Retry button. */
export function LoadFailure({ message, onRetry }: LoadFailureProps) {
  return (
    <div role="alert" className="ui-load-failure">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
