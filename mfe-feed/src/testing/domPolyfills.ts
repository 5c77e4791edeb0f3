// jsdom lacks TextEncoder/TextDecoder, which react-router needs at load time. Import this first.
// (Better in tooling/jest-setup-dom.cjs for every package; see README.md.)
const nodeUtil = jest.requireActual<{ TextDecoder: unknown; TextEncoder: unknown }>('node:util');

Object.assign(globalThis, { TextEncoder: nodeUtil.TextEncoder, TextDecoder: nodeUtil.TextDecoder });

export {};
