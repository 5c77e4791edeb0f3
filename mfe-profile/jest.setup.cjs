/* global jest */
// jsdom lacks TextEncoder/TextDecoder, which react-router 7 uses at import time.
const { TextDecoder, TextEncoder } = require('node:util');

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;

// firebase/auth's Node build needs fetch/Response at import, which jsdom lacks. Unit tests fake the
// data layer at its boundary and never sign in, so the module is only loaded, never used.
jest.mock('firebase/auth', () => ({}));
