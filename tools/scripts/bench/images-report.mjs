// The image figures as Markdown, written into docs/PERFORMANCE.md between their own markers (the
// rest of the results section is report.mjs's).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/backend.mjs';

const START = '<!-- image-figures:start -->';
const END = '<!-- image-figures:end -->';
const TARGETS = { '/explore': 400, '/ (feed)': 600 };

function routesTable(before, after) {
  const rows = before.map((b, i) => {
    const a = after[i];
    const target = TARGETS[b.route] ? `≤ ${TARGETS[b.route]} KB` : '—';
    return `| ${b.route} | ${b.images} / ${b.kb} KB | ${a.images} / ${a.kb} KB | ${target} | ${b.cls} | ${a.cls} |`;
  });
  return [
    '| route (first view, 412×823 at 1.75×, cold cache) | pictures / bytes before | after | target | CLS before | CLS after (target ≤ 0.01) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function lighthouseTable(before, after) {
  if (!after) return '_Lighthouse not run._';
  const rows = after.map((a, i) => {
    const b = before?.[i];
    const cell = (r) =>
      r ? `${r.score} / ${(r.lcpMs / 1000).toFixed(1)} s${r.error ? ` (${r.error})` : ''}` : '—';
    return `| ${a.route} | ${cell(b)} | ${cell(a)} |`;
  });
  return [
    '| route | score / LCP with the original photos | with the sizes (targets: score ≥ 90; LCP ≤ 2.5 s on /login and the feed) |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

export function renderImageReport(figures, { machine, date }) {
  const { upload } = figures;
  return [
    `Image figures of ${date} (${machine}); phone photo: 4000×3000 JPEG with EXIF, ${figures.photoKb} KB.`,
    '',
    routesTable(figures.routesBefore, figures.routesAfter),
    '',
    lighthouseTable(figures.lighthouseBefore, figures.lighthouseAfter),
    '',
    '| one 4 MB photo, choose → stored | wall time (median) | Chromium CPU (median) | runs |',
    '|---|---|---|---|',
    `| before: the original uploaded as it is | ${(upload.before.ms / 1000).toFixed(2)} s | ${upload.before.cpu.toFixed(2)} s | ${upload.before.runs} |`,
    `| after: decoded, 2 sizes encoded in a worker, both uploaded, post written | ${(upload.after.ms / 1000).toFixed(2)} s | ${upload.after.cpu.toFixed(2)} s | ${upload.after.runs} |`,
  ].join('\n');
}

export function writeImageFigures(markdown) {
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  const current = fs.readFileSync(file, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start + START.length)}\n${markdown}\n${current.slice(end)}`
      : `${current.trimEnd()}\n\n## Image figures\n\n${START}\n${markdown}\n${END}\n`;
  fs.writeFileSync(file, next);
  return file;
}
