// jsdom lacks TextEncoder/TextDecoder, which react-router 7 uses at import time.
const { TextDecoder, TextEncoder } = require('node:util');

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
