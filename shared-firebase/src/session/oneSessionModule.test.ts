/**
 * @jest-environment node
 */
/// <reference types="node" />
// The page must hold one session module: one Firebase app, one session state. The build shares the
// session entry (./index.ts) by its file, so a module outside this folder that imported a module
// inside it directly would bundle a second, private copy of the session into the data entry.
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');
const SESSION = __dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each import of a module inside the session folder, other than its entry, from outside it. */
function reachesIntoTheSession(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const requests = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map(([, r]) => r!);
  return requests.filter((request) => {
    const target = path.resolve(path.dirname(file), request);
    return target.startsWith(`${SESSION}${path.sep}`);
  });
}

test('code outside the session folder reaches the session through its entry only', () => {
  const outside = sourceFiles(SRC).filter(
    (file) =>
      !file.startsWith(`${SESSION}${path.sep}`) && !file.includes(`${path.sep}testing${path.sep}`),
  );
  expect(outside.length).toBeGreaterThan(10);
  const reaching = outside.flatMap((file) =>
    reachesIntoTheSession(file).map((request) => `${path.relative(SRC, file)} → ${request}`),
  );
  expect(reaching).toEqual([]);
});

test('the data entry and the Firestore handle do reach the session, through its entry', () => {
  for (const file of ['index.ts', 'db.ts', 'storage.ts']) {
    expect(fs.readFileSync(path.join(SRC, file), 'utf8')).toMatch(/from '\.\/session'/);
  }
});
