// The jest settings every package shares; a package's jest.config.cjs calls this with its environment.
const path = require('node:path');

/**
 * @param {{ environment?: 'node' | 'jsdom', setupFiles?: string[], testTimeout?: number, maxWorkers?: number | string }} options
 */
module.exports = function jestConfig(options = {}) {
  return {
    testEnvironment:
      (options.environment ?? 'jsdom') === 'jsdom'
        ? path.join(__dirname, 'jest-environment-dom.cjs')
        : 'node',
    transform: {
      '^.+\\.[cm]?[jt]sx?$': ['babel-jest', { rootMode: 'upward' }],
    },
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'jest-style-stub.cjs'),
      '\\.(png|jpe?g|gif|svg|webp)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    setupFilesAfterEnv: options.setupFiles ?? [],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    testTimeout: options.testTimeout ?? 10000,
    // Jest's default keeps one core for itself, so on CI's two cores a package's suites ran one
    // file at a time with the second core idle; the main process only hands out files.
    maxWorkers: options.maxWorkers ?? '100%',
  };
};
