export interface RetryOptions {
  /** Total attempts, the first included. */
  attempts: number;
  /** Delay before the second attempt; each later delay doubles. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_REMOTE_RETRY: RetryOptions = { attempts: 3, baseDelayMs: 500 };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task` until it succeeds or `attempts` run out, backing off exponentially; rethrows the last error. */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  let lastError: unknown;
  for (let attempt = 0; attempt < options.attempts; attempt += 1) {
    if (attempt > 0) await sleep(options.baseDelayMs * 2 ** (attempt - 1));
    try {
      return await task();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
