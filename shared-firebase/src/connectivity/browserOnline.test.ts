import { act, renderHook } from '@testing-library/react';
import { fakeBrowserConnection } from '../testing/fakeBrowserConnection';
import { browserOnline, useBrowserOnline, waitUntilBrowserOnline } from './browserOnline';

const connection = fakeBrowserConnection();

describe('browserOnline', () => {
  it('follows navigator.onLine', () => {
    expect(browserOnline()).toBe(true);
    connection.set(false);
    expect(browserOnline()).toBe(false);
  });

  it('waits for the online event only while offline', async () => {
    await expect(waitUntilBrowserOnline()).resolves.toBeUndefined();
    connection.set(false);
    let resolved = false;
    const waiting = waitUntilBrowserOnline().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    connection.change(true);
    await waiting;
    expect(resolved).toBe(true);
  });

  it('re-renders a component when the browser goes offline and back', () => {
    const { result } = renderHook(() => useBrowserOnline());
    expect(result.current).toBe(true);
    act(() => connection.change(false));
    expect(result.current).toBe(false);
    act(() => connection.change(true));
    expect(result.current).toBe(true);
  });
});
