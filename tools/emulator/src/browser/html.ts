import { escapeHtml } from '../common/escapeHtml';
/**
 * HTML built only through the `html` tag: every interpolated value is escaped unless it is itself
 * `Html` (made by this tag or by `trusted`). Everything the pages show comes from members, so
 * nothing reaches the page as markup by accident.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Interpolation = Html | string | number | boolean | null | undefined | Interpolation[];

export { escapeHtml };

function render(value: Interpolation): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

/** Markup written in this program (never data). */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/** A same-origin link with query parameters, escaped for an attribute by the `html` tag. */
export function href(
  pathname: string,
  params: Record<string, string | number | undefined> = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** A table of `rows` under a header row naming its `columns`; `className` (if any) styles it. */
export function dataTable(className: string | null, columns: string[], rows: Interpolation): Html {
  return html`<table${className ? html` class="${className}"` : ''}>
    <thead>
      <tr>
        ${columns.map((column) => html`<th>${column}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}
