import { act, renderHook } from '@testing-library/react';
import { browserOnline, useBrowserOnline, waitUntilBrowserOnline } from './browserOnline';

let online = true;
beforeEach(() => {
  online = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => jest.restoreAllMocks());

function goOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

describe('browserOnline', () => {
  it('follows navigator.onLine', () => {
    expect(browserOnline()).toBe(true);
    online = false;
    expect(browserOnline()).toBe(false);
  });

  it('waits for the online event only while offline', async () => {
    await expect(waitUntilBrowserOnline()).resolves.toBeUndefined();
    online = false;
    let resolved = false;
    const waiting = waitUntilBrowserOnline().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    goOnline(true);
    await waiting;
    expect(resolved).toBe(true);
  });

  it('re-renders a component when the browser goes offline and back', () => {
    const { result } = renderHook(() => useBrowserOnline());
    expect(result.current).toBe(true);
    act(() => goOnline(false));
    expect(result.current).toBe(false);
    act(() => goOnline(true));
    expect(result.current).toBe(true);
  });
});
