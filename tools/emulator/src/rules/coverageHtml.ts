import { escapeHtml } from '../common/escapeHtml';
import type { CoverageLine, RulesCoverage } from './coverage';

/**
 * Rules coverage as HTML: the source, line by line, with how often each `allow` granted and
 * refused, how often each line ran, and (opened per line) what they evaluated to.
 * One renderer for the data browser's page and export and the Firestore emulator's
 * `…:ruleCoverage.html`. The rules source and the values come from files and members, so every
 * text is escaped here; the markup holds no script.
 */

function escape(text: string | number): string {
  return escapeHtml(String(text));
}

/** How many lines that can run did run. */
export function coverageSummary(lines: CoverageLine[]): { runnable: number; ran: number } {
  const runnable = lines.filter((l) => l.runnable);
  return {
    runnable: runnable.length,
    ran: runnable.filter((l) => l.runs > 0 || l.allowed + l.denied > 0).length,
  };
}

function lineClass(line: CoverageLine): string {
  if (!line.runnable) return 'idle';
  if (line.allowed + line.denied > 0) {
    if (line.allowed > 0 && line.denied > 0) return 'ran both';
    return line.allowed > 0 ? 'ran allowed' : 'ran denied';
  }
  return line.runs > 0 ? 'ran' : 'not-run';
}

function sourceCell(line: CoverageLine): string {
  const code = `<code>${escape(line.text) || ' '}</code>`;
  if (line.expressions.length === 0) return code;
  const items = line.expressions
    .map(
      (e) =>
        `<li><code>${escape(e.text)}</code>: ${e.values.map(escape).join(', ') || 'no value kept'}</li>`,
    )
    .join('');
  return `<details><summary>${code}</summary><ul class="values">${items}</ul></details>`;
}

/** The table of lines (a fragment; `coverageDocument` wraps it in a page). */
export function coverageTable(lines: CoverageLine[]): string {
  const rows = lines
    .map(
      (line) =>
        `<tr class="${lineClass(line)}"><th scope="row">${line.line}</th>` +
        `<td class="count">${line.runnable && line.allowed + line.denied > 0 ? line.allowed : ''}</td>` +
        `<td class="count">${line.runnable && line.allowed + line.denied > 0 ? line.denied : ''}</td>` +
        `<td class="count">${line.runnable ? line.runs : ''}</td>` +
        `<td class="source">${sourceCell(line)}</td></tr>`,
    )
    .join('\n');
  return (
    `<table class="coverage"><thead><tr><th scope="col">line</th><th scope="col">allowed</th>` +
    `<th scope="col">denied</th><th scope="col">ran</th><th scope="col" class="source">source</th>` +
    `</tr></thead><tbody>\n${rows}\n</tbody></table>`
  );
}

/** Styles of the table, shared by the standalone page and the data browser's stylesheet. */
export const COVERAGE_STYLES = `
table.coverage { border-collapse: collapse; font: 13px/1.4 ui-monospace, monospace; }
table.coverage th, table.coverage td { padding: 0 8px; text-align: right; vertical-align: top; border: 0; }
table.coverage td.source, table.coverage th.source { text-align: left; }
table.coverage td.source { white-space: pre-wrap; overflow-wrap: anywhere; min-width: 16em; }
table.coverage td.source details summary { cursor: pointer; list-style: none; }
table.coverage td.source details summary::-webkit-details-marker { display: none; }
table.coverage td.source details summary::after { content: '  ▸ values'; color: #555; font: 11px system-ui, sans-serif; }
table.coverage td.source details[open] summary::after { content: '  ▾ values'; }
table.coverage ul.values { margin: 2px 0 6px; padding-left: 20px; white-space: normal; font-family: system-ui, sans-serif; }
table.coverage tr.allowed td.source, table.coverage tr.ran td.source { background: #e6f4ea; }
table.coverage tr.denied td.source { background: #fde8e8; }
table.coverage tr.both td.source { background: linear-gradient(90deg, #e6f4ea, #fde8e8); }
table.coverage tr.not-run td.source { background: #fff4d6; }
table.coverage tr.idle td.source { color: #555; }
`;

/** A whole page: what `…:ruleCoverage.html` answers and what the data browser exports. */
export function coverageDocument(coverage: RulesCoverage): string {
  const fileName = coverage.name;
  const lines = coverage.lines();
  const { runnable, ran } = coverageSummary(lines);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rules coverage: ${escape(fileName)}</title>
<style>body { font: 14px/1.45 system-ui, sans-serif; margin: 16px; color: #1d1d1f; }${COVERAGE_STYLES}</style>
</head><body>
<h1>Rules coverage: ${escape(fileName)}</h1>
<p>Since ${escape(coverage.since.toISOString())}: ${ran} of ${runnable} lines that can run ran.
Green lines granted or ran, red ones refused, yellow ones never ran. Open a line for the values
its expressions evaluated to.</p>
${coverageTable(lines)}
</body></html>
`;
}
