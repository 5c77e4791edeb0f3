// One encoder thread of encoder-pool.mjs: draws and encodes every size of one picture per message.
import { parentPort } from 'node:worker_threads';
import { encodeSize } from './images.mjs';

parentPort.on('message', ({ id, picture, sizes, quality }) => {
  const started = performance.now();
  try {
    const images = sizes.map((size) => encodeSize(picture, size, quality));
    parentPort.postMessage({ id, images, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error), ms: 0 });
  }
});
