import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import {
  SURFACES_FILE,
  SharedSurfacePlugin,
  surfaceAliases,
  surfaceModule,
} from '../shared-surface.cjs';
import type { SurfacesReport } from '../shared-surface.cjs';

const SURFACES = { 'react-router-dom': ['Link', 'useNavigate'] };

let workDir: string;

beforeEach(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-surface-'));
});

afterEach(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Builds one module of app code with the plugin and returns the build's error messages. */
async function buildErrors(source: string): Promise<string[]> {
  return (await build(source)).errors;
}

async function build(source: string): Promise<{ errors: string[]; report: SurfacesReport }> {
  const entry = path.join(workDir, 'entry.js');
  fs.writeFileSync(entry, source);
  const compiler = webpack({
    mode: 'development',
    devtool: false,
    context: workDir,
    entry,
    output: { path: path.join(workDir, 'dist') },
    // The library itself is not under test: only which of its names the app's code asks for.
    externals: { 'react-router-dom': 'commonjs react-router-dom', react: 'commonjs react' },
    externalsType: 'commonjs',
    plugins: [new SharedSurfacePlugin(SURFACES)],
  });
  return new Promise<{ errors: string[]; report: SurfacesReport }>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else
        resolve({
          errors: stats.compilation.errors.map((e) => e.message),
          report: JSON.parse(
            fs.readFileSync(path.join(workDir, 'dist', SURFACES_FILE), 'utf8'),
          ) as SurfacesReport,
        });
    });
  });
}

describe('SharedSurfacePlugin', () => {
  it('accepts imports and re-exports of names in the surface', async () => {
    await expect(
      buildErrors(
        "import { Link, useNavigate as go } from 'react-router-dom';\n" +
          "export { Link as L } from 'react-router-dom';\n" +
          'console.log(Link, go);\n',
      ),
    ).resolves.toEqual([]);
  });

  it('fails the build on a name outside the surface, naming it and where to add it', async () => {
    const errors = await buildErrors(
      "import { Link, HashRouter } from 'react-router-dom';\nconsole.log(Link, HashRouter);\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      "'HashRouter' of 'react-router-dom' is not in the library's shared surface",
    );
    expect(errors[0]).toContain('SHARED_SURFACES in tools/build-config/federation.cjs');
  });

  it('checks each name read from a namespace import', async () => {
    await expect(
      buildErrors("import * as router from 'react-router-dom';\nconsole.log(router.Link);\n"),
    ).resolves.toEqual([]);
    const errors = await buildErrors(
      "import * as router from 'react-router-dom';\nconsole.log(router.HashRouter);\n",
    );
    expect(errors.join('\n')).toContain("'HashRouter' of 'react-router-dom' is not in");
  });

  it('fails the build when a surfaced library is used whole: the namespace object, a dynamic import', async () => {
    const namespace = await buildErrors(
      "import * as router from 'react-router-dom';\nconsole.log(router);\n",
    );
    expect(namespace.join('\n')).toContain('imported as a namespace');
    const dynamic = await buildErrors("import('react-router-dom').then(console.log);\n");
    expect(dynamic.join('\n')).toContain('imported whole (dynamic import)');
  });

  it('reports what the surfaces provide and which of their names the app uses', async () => {
    const { report } = await build(
      "import * as router from 'react-router-dom';\nimport { useNavigate } from 'react-router-dom';\nconsole.log(router.Link, useNavigate);\n",
    );
    expect(report).toEqual({
      provides: SURFACES,
      uses: { 'react-router-dom': ['Link', 'useNavigate'] },
    });
  });

  it('leaves libraries without a surface alone', async () => {
    await expect(
      buildErrors("import * as React from 'react';\nconsole.log(React);\n"),
    ).resolves.toEqual([]);
  });
});

describe('surfaceModule', () => {
  it('re-exports exactly the listed names from a request no shared key matches', () => {
    const file = surfaceModule('firebase/auth', ['signOut', 'getAuth']);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain(
      "export { getAuth, signOut } from '@shared-surface-source/firebase+auth';",
    );
    expect(surfaceAliases({ 'firebase/auth': [] })).toEqual({
      '@shared-surface-source/firebase+auth$': 'firebase/auth',
    });
  });
});
