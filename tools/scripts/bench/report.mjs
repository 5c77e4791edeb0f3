// Turns the figures into one Markdown report: printed to the terminal and written between the
// bench markers of docs/PERFORMANCE.md (the rest of that page is written by hand).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/backend.mjs';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const ok = (pass) => (pass ? 'ok' : '**OVER**');

/** A titled Markdown table: blank line, `### title`, blank line, header, alignment, one line a row. */
function tableSection(title, header, alignment, rows) {
  return [
    '',
    `### ${title}`,
    '',
    header,
    alignment,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ];
}

/** The route-bytes table and, per route, the bytes by package (the report's first section). */
export function renderRouteBytes(routeBytes) {
  const lines = [];
  lines.push('### JavaScript loaded by the first view of each route (gzip, cold cache)', '');
  lines.push(
    '| route | JS gzip KB | budget KB | | files | raw KB | by origin (gzip KB) | Firestore/Storage loaded |',
  );
  lines.push('|---|---:|---:|---|---:|---:|---|---|');
  for (const row of routeBytes) {
    const origins = Object.entries(row.byOriginKb)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(
      `| \`${row.route}\` | ${row.gzipKb} | ${row.budgetKb} | ${ok(row.gzipKb <= row.budgetKb)} | ${row.files} | ${row.rawKb} | ${origins} | ${row.heavyLoaded.join(', ') || 'none'} |`,
    );
  }
  lines.push(
    '',
    'Per route, gzip KB by shared package (from the manifests) or by app for its own code:',
    '',
  );
  for (const row of routeBytes) {
    const parts = Object.entries(row.byPackageKb).map(([k, v]) => `${k} ${v}`);
    lines.push(`- \`${row.route}\`: ${parts.join('; ')}`);
  }

  return lines;
}

export function renderReport(r) {
  const lines = [];
  const m = r.machine;
  lines.push(
    `Measured ${m.date} on ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB memory, load ${m.load}, Node ${m.node}. Took ${r.seconds} s.`,
    '',
  );

  lines.push(...renderRouteBytes(r.routeBytes));

  const d = r.duplicates;
  lines.push('', '### Duplicated copies of shared libraries (budget 0)', '');
  lines.push('| check | duplicated copies | |', '|---|---:|---|');
  lines.push(
    `| federation share scope after visiting every remote (${d.packagesLoaded} packages loaded) | ${d.runtimeDuplicates} | ${ok(d.runtimeDuplicates === 0)} |`,
  );
  lines.push(
    `| network: provider chunks of one package loaded from two apps (mf-manifest.json) | ${d.networkDuplicates} | ${ok(d.networkDuplicates === 0)} |`,
  );
  if (d.runtimeDuplicates || d.networkDuplicates) {
    lines.push(
      '',
      `Duplicated: \`${JSON.stringify({ ...d.duplicated, ...d.networkDuplicated })}\``,
    );
  }

  const t = r.timings;
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : 'n/a');
  lines.push(
    '',
    `### Federation overhead: median of ${t.federated.runs} runs in Chromium (fresh context each run)`,
    '',
  );
  lines.push('| measure | federated (ms) | single bundle (ms) | ratio |', '|---|---:|---:|---:|');
  lines.push(
    `| navigation → login form usable | ${t.federated.loginUsableMs} | ${t.single.loginUsableMs} | ${ratio(t.federated.loginUsableMs, t.single.loginUsableMs)} |`,
  );
  lines.push(
    `| sign-in click → first feed post visible | ${t.federated.signInToPostMs} | ${t.single.signInToPostMs} | ${ratio(t.federated.signInToPostMs, t.single.signInToPostMs)} |`,
  );
  lines.push(
    '',
    `Single bundle: one file, ${r.singleBundleKb.gzip} KB gzip (${r.singleBundleKb.raw} KB raw).`,
  );

  lines.push(
    ...tableSection(
      "Remote start cost (median of 5 cold loads of the remote's route)",
      '| remote | manifest requested at (ms) | manifest (ms) | remoteEntry.js (ms) | remote chunks span (ms) | manifest request → first render (ms) |',
      '|---|---:|---:|---:|---:|---:|',
      Object.entries(r.remoteStart).map(([name, s]) => [
        name,
        s.manifestAtMs,
        s.manifestMs,
        s.entryMs,
        s.chunksMs,
        s.totalMs,
      ]),
    ),
  );

  lines.push(
    ...tableSection(
      'Production build checks',
      '| app | JS files | unhashed (besides remoteEntry.js) | not minified | hashed file | remoteEntry.js | mf-manifest.json | remotes.json | index.html |',
      '|---|---:|---|---|---|---|---|---|---|',
      Object.entries(r.builds).map(([name, b]) => [
        name,
        b.jsFiles,
        b.unhashed.join(', ') || 'none',
        b.notMinified.join(', ') || 'none',
        b.hashedCache,
        b.entryCache,
        b.manifestCache,
        b.remotesJsonCache,
        b.indexCache,
      ]),
    ),
  );

  lines.push('', '### Emulator figures (`npm run bench -w emulator`)', '');
  lines.push(
    r.emulator.ok ? '' : `(exited with code ${r.emulator.code})`,
    '```',
    r.emulator.output || '(no output)',
    '```',
  );
  return lines.join('\n');
}

export function writePerformanceDoc(markdown) {
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  const current = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : `# Performance\n\n${START}\n${END}\n`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start + START.length)}\n${markdown}\n${current.slice(end)}`
      : `${current.trimEnd()}\n\n${START}\n${markdown}\n${END}\n`;
  fs.writeFileSync(file, next);
  return file;
}
