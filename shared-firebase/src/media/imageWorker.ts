import { renderImageSizes } from './renderImageSizes';
import type { RenderedSize, RenderRequest } from './renderImageSizes';

type WorkerReply =
  | { kind: 'step'; done: number; total: number }
  | { kind: 'done'; outputs: RenderedSize[] }
  | { kind: 'failed'; name: string; message: string };

/**
 * The worker's program: renderImageSizes' own source text, so the pipeline is defined once and a
 * worker needs no script file of its own. A remote's files live on another origin than the page,
 * and a worker must be same-origin, so it is started from a blob: URL (CSP `worker-src blob:`).
 */
function workerSource(): string {
  return `const renderImageSizes = ${renderImageSizes.toString()};
self.onmessage = (event) => {
  renderImageSizes(event.data, (done, total) => self.postMessage({ kind: 'step', done, total })).then(
    (outputs) => self.postMessage({ kind: 'done', outputs }),
    (error) => self.postMessage({ kind: 'failed', name: String(error.name), message: String(error.message) }),
  );
};`;
}

function canUseWorker(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof URL.createObjectURL === 'function'
  );
}

/**
 * renderImageSizes in a worker with OffscreenCanvas where the browser has both, so decoding and
 * encoding a 25 MB photo never blocks the page; on the main thread otherwise (or when the worker
 * cannot start).
 */
export function renderOffMainThread(
  request: RenderRequest,
  onStep: (done: number, total: number) => void,
): Promise<RenderedSize[]> {
  if (!canUseWorker()) return renderImageSizes(request, onStep);
  let url: string | null = null;
  let worker: Worker;
  try {
    url = URL.createObjectURL(new Blob([workerSource()], { type: 'text/javascript' }));
    worker = new Worker(url);
  } catch {
    if (url) URL.revokeObjectURL(url);
    return renderImageSizes(request, onStep);
  }
  const workerUrl = url;
  return new Promise((resolve, reject) => {
    const finish = () => {
      worker.terminate();
      URL.revokeObjectURL(workerUrl);
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'step') return onStep(reply.done, reply.total);
      finish();
      if (reply.kind === 'done') return resolve(reply.outputs);
      const error = new Error(reply.message);
      error.name = reply.name;
      reject(error);
    };
    // A worker that fails to start (a stricter CSP, say): do the work here instead.
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      renderImageSizes(request, onStep).then(resolve, reject);
    };
    worker.postMessage(request);
  });
}
