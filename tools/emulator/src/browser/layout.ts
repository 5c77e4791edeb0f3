import { COVERAGE_STYLES } from '../rules';
import { html, type Html } from './html';

const NAV: Array<[string, string]> = [
  ['/', 'Overview'],
  ['/firestore', 'Firestore'],
  ['/storage', 'Storage'],
  ['/auth', 'Auth'],
  ['/requests', 'Requests'],
  ['/coverage', 'Rules coverage'],
  ['/sessions', 'Live sessions'],
  ['/clear', 'Clear data'],
];

export const STYLESHEET = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d1d1f; }
header { background: #1d3557; color: #fff; padding: 8px 16px; display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: baseline; }
header nav { display: flex; gap: 16px; flex-wrap: wrap; }
header a { color: #fff; text-decoration: none; }
header a[aria-current] { text-decoration: underline; }
header strong { margin-right: 16px; white-space: nowrap; }
main { padding: 12px 16px; }
h1, p code { overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 10px 3px 0; text-align: left; vertical-align: top; }
td.type { color: #6a5acd; font-family: monospace; }
td.field { font-family: monospace; }
/* Long strings (URLs, ids) wrap anywhere, but a value column keeps room to be read. */
td.value { min-width: 10em; }
.string { white-space: pre-wrap; overflow-wrap: anywhere; }
.null, .empty, .missing { color: #888; font-style: italic; }
tr.depth-1 td.field { padding-left: 16px; } tr.depth-2 td.field { padding-left: 32px; }
tr.depth-3 td.field { padding-left: 48px; } tr.depth-4 td.field { padding-left: 64px; }
tr.depth-5 td.field, tr.depth-6 td.field { padding-left: 80px; }
nav.crumbs { margin-bottom: 8px; font-family: monospace; overflow-wrap: anywhere; }
img.preview { max-width: 480px; max-height: 480px; border: 1px solid #ddd; }
code, pre { font-family: monospace; }
pre.rule { margin: 0; background: #f6f6f6; padding: 2px 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
table.requests td.path, table.requests td.user { overflow-wrap: anywhere; }
table.requests td.path { min-width: 12em; } table.requests td.user { min-width: 8em; }
table.requests time { white-space: nowrap; }
button.danger { background: #b00020; color: #fff; border: 0; padding: 6px 14px; }
button, input, select, textarea { font: inherit; }
button { padding: 3px 10px; }
form.inline { display: inline; margin: 0 4px 0 0; }
form.panel, section.panel { border: 1px solid #ddd; border-radius: 4px; padding: 8px 12px; margin: 12px 0; max-width: 900px; }
form.panel label, form.filters label { display: inline-block; margin: 4px 12px 4px 0; }
form.panel textarea { width: 100%; box-sizing: border-box; font-family: monospace; }
form.filters { margin: 8px 0; }
form.filters fieldset { display: inline-block; border: 1px solid #ddd; margin: 0 8px 8px 0; }
.hint { color: #555; font-size: 13px; margin: 2px 0 6px; }
p.notice { background: #e6f4ea; padding: 6px 10px; border-radius: 4px; }
p.error { background: #fde8e8; padding: 6px 10px; border-radius: 4px; color: #8a0012; }
td.actions { white-space: nowrap; }
td.actions a { margin-right: 6px; }
.outcome-allowed { color: #0b6b2e; font-weight: 600; }
.outcome-denied { color: #b00020; font-weight: 600; }
table.usage td.count { text-align: right; font-variant-numeric: tabular-nums; }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, summary:focus-visible { outline: 2px solid #1d6fe0; outline-offset: 2px; }
${COVERAGE_STYLES}
@media (max-width: 700px) {
  main { padding: 8px 10px; }
  /* A table wider than a phone scrolls on its own; the page around it keeps the screen's width. */
  main table { display: block; overflow-x: auto; max-width: 100%; }
  form.panel label, form.filters label { margin-right: 8px; }
  form.panel input:not([type]), form.panel input[type=text], form.panel input[type=email], form.panel input[type=password] { max-width: 100%; }
}`;

/** The page frame every view shares. `refreshSeconds` reloads views of live state. */
export function page(title: string, current: string, body: Html, refreshSeconds?: number): Html {
  const links = NAV.map(
    ([path, label]) =>
      html`<a href="${path}" ${path === current ? html` aria-current="page"` : ''}>${label}</a>`,
  );
  const refresh = refreshSeconds
    ? html`<meta http-equiv="refresh" content="${refreshSeconds}" />`
    : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${refresh}
        <title>${title} · emulator data browser</title>
        <link rel="stylesheet" href="/style.css" />
        <script src="/browser.js" defer></script>
      </head>
      <body>
        <header>
          <strong>emulator data browser</strong>
          <nav aria-label="Sections">${links}</nav>
        </header>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`;
}
