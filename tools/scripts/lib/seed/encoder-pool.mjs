// Encodes the seed's pictures in worker threads, so drawing and JPEG encoding (pure JS, the costly
// part of a seed) run beside the network work of the main thread instead of blocking it.
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Starts `workers` encoders (default: one per core, at most 4). `encode` queues a picture and
 * resolves with the JPEG bytes of each of its sizes, in order.
 */
export function startEncoderPool(workers = Math.max(1, Math.min(4, os.availableParallelism()))) {
  const queue = [];
  const pending = new Map();
  const idle = [];
  let nextId = 0;
  let busyMs = 0;
  const pool = Array.from({ length: workers }, () => {
    const worker = new Worker(new URL('./encoder-worker.mjs', import.meta.url));
    worker.on('message', ({ id, images, ms, error }) => {
      const task = pending.get(id);
      pending.delete(id);
      busyMs += ms;
      if (error) task.reject(new Error(error));
      else task.resolve(images);
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      for (const task of pending.values()) task.reject(error);
      pending.clear();
    });
    idle.push(worker);
    return worker;
  });
  function dispatch() {
    while (idle.length > 0 && queue.length > 0) {
      const task = queue.shift();
      pending.set(task.id, task);
      idle.pop().postMessage({ id: task.id, ...task.job });
    }
  }
  return {
    workers,
    /** Encoder time spent so far, summed over the workers, in ms. */
    busyMs: () => busyMs,
    encode(picture, sizes, quality) {
      return new Promise((resolve, reject) => {
        queue.push({ id: (nextId += 1), job: { picture, sizes, quality }, resolve, reject });
        dispatch();
      });
    },
    close: () => Promise.all(pool.map((worker) => worker.terminate())),
  };
}
