// Counts every request made through `fetch` in this process, in bytes of bodies as sent and
// received (uncompressed): what the firebase Lite SDK, a member's client over REST, costs. Import
// this module before the SDK loads, so its requests go through the meter.

/** Requests and bytes since the last `resetMeter()`. */
export const meter = { requests: 0, up: 0, down: 0 };

/** `fetch` without the meter, for requests that are not the measured client's. */
export const unmeteredFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  meter.requests += 1;
  if (typeof init?.body === 'string') meter.up += Buffer.byteLength(init.body);
  const response = await unmeteredFetch(input, init);
  const body = Buffer.from(await response.arrayBuffer());
  meter.down += body.length;
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

export function resetMeter() {
  Object.assign(meter, { requests: 0, up: 0, down: 0 });
}
