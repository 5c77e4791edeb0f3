import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './RemoteArea';
import { markerLifecycles, scriptedRuntime } from './testing/fakeRuntime';

const registry = { feed: 'http://feed.test/mf-manifest.json' };

describe('RemoteArea (loader with retry and fallback)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  async function flushRetries() {
    // Back-off of 500 ms then 1000 ms between the three attempts.
    for (let i = 0; i < 4; i += 1) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
    }
  }

  it('mounts the remote once it loads', async () => {
    const { runtime, calls } = scriptedRuntime([{ default: markerLifecycles('feed is here') }]);
    render(<RemoteArea name="feed" registry={registry} runtime={runtime} />);
    await flushRetries();
    expect(await screen.findByText('feed is here')).toBeInTheDocument();
    expect(calls).toEqual(['feed/app']);
  });

  it('retries with back-off before succeeding', async () => {
    const { runtime, calls, registered } = scriptedRuntime([
      new Error('manifest 503'),
      new Error('manifest 503'),
      { default: markerLifecycles('third time lucky') },
    ]);
    render(<RemoteArea name="feed" registry={registry} runtime={runtime} />);
    await flushRetries();
    expect(await screen.findByText('third time lucky')).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    // Each failure re-registers the remote so the next attempt fetches its manifest afresh.
    expect(registered).toEqual([
      { name: 'feed', entry: registry.feed, force: true },
      { name: 'feed', entry: registry.feed, force: true },
    ]);
  });

  it('falls back after the retries and recovers on Retry', async () => {
    const { runtime, calls } = scriptedRuntime([
      new Error('down'),
      new Error('down'),
      new Error('down'),
      { default: markerLifecycles('back again') },
    ]);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<RemoteArea name="feed" registry={registry} runtime={runtime} />);
    await flushRetries();
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('The feed is unavailable right now.');
    expect(calls).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await flushRetries();
    expect(await screen.findByText('back again')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back when the module is not single-spa lifecycles', async () => {
    const { runtime } = scriptedRuntime([{ default: { mount: 'nope' } }]);
    render(<RemoteArea name="feed" registry={registry} runtime={runtime} />);
    await flushRetries();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The feed is unavailable right now.',
    );
  });

  it('falls back when remotes.json has no entry for the remote', async () => {
    const { runtime, calls } = scriptedRuntime([{ default: markerLifecycles('never') }]);
    render(<RemoteArea name="members" registry={registry} runtime={runtime} />);
    await flushRetries();
    expect(await screen.findByRole('alert')).toHaveTextContent('Members is unavailable right now.');
    expect(calls).toEqual([]);
  });

  it('falls back when the remote reports a render error', async () => {
    // What createRemoteApp's error boundary does when the remote's tree throws.
    const failing = {
      ...markerLifecycles('x'),
      mount: async (props: { onError?: (error: Error) => void }) =>
        props.onError?.(new Error('render crash')),
    };
    const { runtime } = scriptedRuntime([{ default: failing }]);
    render(<RemoteArea name="feed" registry={registry} runtime={runtime} />);
    await flushRetries();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The feed is unavailable right now.',
    );
  });
});
