import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { NoFirestorePipelinesPlugin, unbundledPipelinesAliases } from '../firestore-pipelines.cjs';

let workDir: string;

beforeEach(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'firestore-pipelines-'));
});

afterEach(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Builds one module of app code as the product's builds resolve it. */
async function build(source: string): Promise<{ errors: string[]; modules: string[] }> {
  const entry = path.join(workDir, 'entry.mjs');
  fs.writeFileSync(entry, source);
  const compiler = webpack({
    mode: 'development',
    devtool: false,
    context: path.join(__dirname, '..'),
    entry,
    output: { path: path.join(workDir, 'dist') },
    resolve: {
      alias: unbundledPipelinesAliases,
      modules: [path.join(__dirname, '..', '..', '..', 'node_modules')],
    },
    plugins: [new NoFirestorePipelinesPlugin()],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) {
        reject(error ?? new Error('no stats'));
        return;
      }
      const json = stats.toJson({ modules: true, errors: true });
      resolve({
        errors: stats.compilation.errors.map((e) => e.message),
        modules: (json.modules ?? []).map((m) => m.nameForCondition ?? m.name ?? ''),
      });
    });
  });
}

it('builds Firestore without the re2js engine, with the stand-in in its place', async () => {
  const { errors, modules } = await build(
    "import { getFirestore } from 'firebase/firestore';\nconsole.log(getFirestore);\n",
  );
  expect(errors).toEqual([]);
  expect(modules.some((m) => m.includes('@firebase/firestore'))).toBe(true);
  expect(modules.filter((m) => m.includes(`node_modules${path.sep}re2js`))).toEqual([]);
  expect(modules.some((m) => m.endsWith('re2js-unbundled.mjs'))).toBe(true);
}, 60_000);

it.each(['firebase/firestore/pipelines', 'firebase/firestore/lite/pipelines'])(
  'fails the build when code imports %s',
  async (request) => {
    const { errors } = await build(
      `import * as pipelines from '${request}';\nconsole.log(pipelines);\n`,
    );
    expect(errors.join('\n')).toContain('Firestore Pipelines are not part of this product');
  },
  60_000,
);
