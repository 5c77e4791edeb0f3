/** navigator.onLine as the test sets it, and the window events a browser fires when it changes. */
export interface FakeBrowserConnection {
  /** What navigator.onLine answers from now on, with no event (as before a page notices). */
  set(online: boolean): void;
  /** Sets navigator.onLine and fires the window's `online` or `offline` event. */
  change(online: boolean): void;
}

/**
 * Puts navigator.onLine under the test's control for every test of the enclosing block (or file):
 * it answers `initially` at the start of each test, and the real getter comes back after it.
 */
export function fakeBrowserConnection(initially = true): FakeBrowserConnection {
  let online = initially;
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    online = initially;
    spy = jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => spy?.mockRestore());
  return {
    set(value) {
      online = value;
    },
    change(value) {
      online = value;
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
  };
}
