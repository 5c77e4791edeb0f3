import { useCallback, useEffect, useState } from 'react';
import Parcel from 'single-spa-react/parcel';
import type { ParcelConfig, ParcelProps, Parcel as MountedParcel } from 'single-spa';
import { Button } from '../Button';
import { Spinner } from '../Spinner';
import { DEFAULT_REMOTE_RETRY, withRetry } from './retry';
import type { RetryOptions } from './retry';
import type { RemoteAppProps, RemoteLifecycles } from './contract';

type MountParcel = (config: ParcelConfig, props: ParcelProps & object) => MountedParcel;

export interface RemoteParcelProps<Props extends RemoteAppProps> {
  /** Human name of the area for the fallback, e.g. "The feed". */
  label: string;
  /** Loads the remote's lifecycles (one attempt; retries happen here). */
  load: () => Promise<RemoteLifecycles<Props>>;
  /** Props for the remote, besides onError which this component supplies. */
  parcelProps?: Omit<Props, 'onError'>;
  /** single-spa's mountRootParcel at the top level; inside a parcel the context's is used. */
  mountParcel?: MountParcel;
  retry?: RetryOptions;
  className?: string;
}

type State<Props extends object> =
  | { phase: 'loading' }
  | { phase: 'ready'; lifecycles: RemoteLifecycles<Props> }
  | { phase: 'failed'; error: unknown };

/**
 * Mounts a remote in its area: loads it with retries and back-off, shows a spinner meanwhile, and
 * if it cannot load or fails while mounted or rendering, shows '<label> is unavailable right now'
 * with a Retry button — the rest of the page is untouched.
 */
export function RemoteParcel<Props extends RemoteAppProps>({
  label,
  load,
  parcelProps,
  mountParcel,
  retry = DEFAULT_REMOTE_RETRY,
  className,
}: RemoteParcelProps<Props>) {
  const [state, setState] = useState<State<Props>>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ phase: 'loading' });
    withRetry(load, retry).then(
      (lifecycles) => !cancelled && setState({ phase: 'ready', lifecycles }),
      (error: unknown) => !cancelled && setState({ phase: 'failed', error }),
    );
    return () => {
      cancelled = true;
    };
  }, [load, retry, attempt]);

  const fail = useCallback(
    (error: unknown) => {
      console.error(`${label} failed`, error);
      setState({ phase: 'failed', error });
    },
    [label],
  );

  if (state.phase === 'loading') {
    return (
      <div className={className} aria-busy="true">
        <Spinner label={`Loading ${label}…`} hideLabel />
      </div>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div className={['ui-card', className].filter(Boolean).join(' ')} role="alert">
        <p>{label} is unavailable right now.</p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <Parcel
      config={state.lifecycles as unknown as ParcelConfig}
      mountParcel={mountParcel}
      handleError={fail}
      wrapClassName={className}
      {...parcelProps}
      onError={fail}
    />
  );
}
