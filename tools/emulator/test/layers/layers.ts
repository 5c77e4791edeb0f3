import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/**
 * The emulator's layers, top to bottom: the one place the order is written. A module may import
 * from its own unit (folder) and from any unit of a lower layer; never from a higher layer, and
 * never from another unit of its own layer (rules sit beside the engine: neither imports the
 * other; the engine gets the rules as an injected hook). Every folder of src/ must be listed.
 */
export const LAYERS: ReadonlyArray<{ layer: string; units: readonly string[] }> = [
  // '' = the files at the root of src/: index.ts (composition), cli.ts, config.ts.
  // functions/: firebase-tools' Functions emulator, started beside either Firestore backend.
  { layer: 'composition', units: ['', 'reference', 'functions'] },
  // The data browser reads what the servers and stores hold; only composition starts it.
  { layer: 'tools', units: ['browser'] },
  { layer: 'transport', units: ['firestore/server', 'storage/server'] },
  // Cloud Functions triggers: registrations, the events of each commit, their delivery.
  { layer: 'events', units: ['firestore/triggers'] },
  { layer: 'protocol', units: ['firestore/protocol'] },
  { layer: 'engine', units: ['firestore/engine', 'rules', 'storage/store'] },
  { layer: 'values', units: ['values'] },
  { layer: 'common', units: ['common'] },
];

export interface LayerViolation {
  file: string;
  specifier: string;
  message: string;
}

const UNITS = LAYERS.flatMap(({ layer, units }, rank) =>
  units.map((unit) => ({ unit, layer, rank })),
).sort((a, b) => b.unit.length - a.unit.length);

/** The unit a path (relative to src/, `/`-separated, no extension needed) belongs to. */
function unitOf(relative: string): (typeof UNITS)[number] | null {
  for (const u of UNITS) {
    if (u.unit === '') continue;
    if (relative === u.unit || relative.startsWith(`${u.unit}/`)) return u;
  }
  return relative.includes('/') ? null : UNITS.find((u) => u.unit === '')!;
}

/** Checks the relative imports of `files` (path relative to src/ → source text). */
export function checkLayers(files: ReadonlyMap<string, string>): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const [file, source] of files) {
    const from = unitOf(file);
    if (from === null) {
      violations.push({
        file,
        specifier: '',
        message: 'is in no layer (add its folder to LAYERS)',
      });
      continue;
    }
    for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = target.startsWith('..') ? null : unitOf(target);
      if (to === null) {
        violations.push({ file, specifier, message: 'imports from outside the layers of src/' });
      } else if (to.unit !== from.unit && to.rank <= from.rank) {
        const how = to.rank === from.rank ? 'a unit of its own layer' : 'a higher layer';
        violations.push({
          file,
          specifier,
          message: `(${from.layer}: ${from.unit || 'src/'}) imports ${how} (${to.layer}: ${to.unit || 'src/'})`,
        });
      }
    }
  }
  return violations;
}

/** Every .ts file under `root`, keyed by its path relative to `root`. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        files.set(
          path.relative(root, full).split(path.sep).join('/'),
          fs.readFileSync(full, 'utf8'),
        );
      }
    }
  };
  walk(root);
  return files;
}
