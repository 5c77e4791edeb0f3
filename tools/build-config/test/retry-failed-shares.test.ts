import { createInstance } from '@module-federation/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import retryFailedSharesPlugin from '../retry-failed-shares-plugin.cjs';

// The real federation runtime; only the shared library's getter is faked, as a chunk that the
// network refuses once and serves the next time.
const LIBRARY = { answer: 42 };

let instances = 0;

/** A chunk the network refuses once and serves the next time. */
const refusedOnce = () =>
  jest
    .fn<Promise<() => typeof LIBRARY>, []>()
    .mockRejectedValueOnce(new Error('Loading chunk 12 failed.'))
    .mockResolvedValue(() => LIBRARY);

function hostSharing(
  plugins: ModuleFederationRuntimePlugin[],
  get: () => Promise<() => typeof LIBRARY> = refusedOnce(),
) {
  instances += 1;
  const host = createInstance({
    name: `host${instances}`,
    remotes: [],
    // A share scope of its own per test: the runtime's share scopes are global to the process.
    shared: {
      library: {
        version: '1.0.0',
        scope: [`scope${instances}`],
        get,
        shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
      },
    },
    plugins,
  });
  return { host, get };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('loads a shared library again after its load failed', async () => {
  const { host, get } = hostSharing([retryFailedSharesPlugin()]);
  await expect(host.loadShare('library')).rejects.toThrow('Loading chunk 12 failed.');
  const factory = await host.loadShare<typeof LIBRARY>('library');
  expect(factory && factory()).toBe(LIBRARY);
  expect(get).toHaveBeenCalledTimes(2);
});

it('without the plugin, the runtime hands every later load the first failure', async () => {
  const { host, get } = hostSharing([]);
  await expect(host.loadShare('library')).rejects.toThrow('Loading chunk 12 failed.');
  await expect(host.loadShare('library')).rejects.toThrow('Loading chunk 12 failed.');
  expect(get).toHaveBeenCalledTimes(1);
});

it('loads a library again whose module could not run (a library it imports failed to load)', async () => {
  const run = jest
    .fn<typeof LIBRARY, []>()
    .mockImplementationOnce(() => {
      throw new Error('Loading chunk 795 failed.');
    })
    .mockReturnValue(LIBRARY);
  const get = jest.fn(() => Promise.resolve(run));
  const { host } = hostSharing([retryFailedSharesPlugin()], get);
  await expect(host.loadShare('library')).rejects.toThrow('Loading chunk 795 failed.');
  const factory = await host.loadShare<typeof LIBRARY>('library');
  expect(factory && factory()).toBe(LIBRARY);
  expect(get).toHaveBeenCalledTimes(2);
});

it('keeps a loaded library, loading it only once', async () => {
  const { host, get } = hostSharing([retryFailedSharesPlugin()]);
  await expect(host.loadShare('library')).rejects.toThrow();
  await host.loadShare('library');
  await host.loadShare('library');
  expect(get).toHaveBeenCalledTimes(2);
});
