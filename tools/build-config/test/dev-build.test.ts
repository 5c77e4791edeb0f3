import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';

// `npm start` serves development builds, which the e2e suite (production builds) never makes: a
// host and a remote are compiled here in development mode, as the dev servers do.

type ConfigFactory = (env: unknown, argv: { mode: string }) => Configuration;

async function developmentErrors(app: string): Promise<string[]> {
  const factory = (await import(`../../../${app}/webpack.config.cjs`)) as {
    default: ConfigFactory;
  };
  const config = factory.default({}, { mode: 'development' });
  const outputPath = fs.mkdtempSync(path.join(os.tmpdir(), `dev-build-${app}-`));
  const compiler = webpack({ ...config, output: { ...config.output, path: outputPath } });
  try {
    return await new Promise<string[]>((resolve, reject) => {
      compiler.run((error, stats) => {
        if (error || !stats) reject(error ?? new Error('no stats'));
        else resolve(stats.compilation.errors.map((e) => e.message));
      });
    });
  } finally {
    await new Promise((resolve) => compiler.close(resolve));
    fs.rmSync(outputPath, { recursive: true, force: true });
  }
}

it.each(['shell', 'mfe-feed'])(
  '%s compiles in development mode without errors',
  async (app) => {
    await expect(developmentErrors(app)).resolves.toEqual([]);
  },
  180_000,
);
