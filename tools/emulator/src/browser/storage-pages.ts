import type { ObjectMetadata, ObjectStore } from '../storage/store';
import { dataTable, href, html, type Html } from './html';
import { page } from './layout';

/**
 * Raster image types a browser renders as pictures and never as documents or scripts. SVG is not
 * one of them: it can carry script, so it is offered as a download like any other file. The list
 * happens to equal the types the product's media pipeline decodes, but it answers another question
 * (what is safe to serve inline to this page) for any app's files, and the emulator imports nothing
 * of the product's.
 */
const PREVIEWABLE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/** `image/PNG; x=y` → `image/png`. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function isPreviewable(contentType: string): boolean {
  return PREVIEWABLE.has(mediaTypeOf(contentType));
}

function rawHref(meta: Pick<ObjectMetadata, 'bucket' | 'name'>): string {
  return href('/storage/raw', { bucket: meta.bucket, name: meta.name });
}

function folderCrumbs(bucket: string, prefix: string): Html {
  const segments = prefix.split('/').filter(Boolean);
  const links = [html`<a href="${href('/storage', { bucket })}">${bucket}</a>`];
  let current = '';
  for (const segment of segments) {
    current += segment + '/';
    links.push(html` / <a href="${href('/storage', { bucket, prefix: current })}">${segment}</a>`);
  }
  return html`<nav class="crumbs">${links}</nav>`;
}

function bucketsPage(objects: ObjectStore): Html {
  const buckets = [...new Set(objects.all().map((o) => o.bucket))].sort();
  const body =
    buckets.length === 0
      ? html`<p class="empty">No files.</p>`
      : html`<ul>
          ${buckets.map((b) => html`<li><a href="${href('/storage', { bucket: b })}">${b}</a></li>`)}
        </ul>`;
  return page(
    'Storage',
    '/storage',
    html`<h2>Buckets</h2>
      ${body}`,
  );
}

/** A folder (`prefix` ending in `/`, or '' for the bucket root): its subfolders and files. */
function folderPage(objects: ObjectStore, bucket: string, prefix: string): Html {
  const folders = new Set<string>();
  const files: ObjectMetadata[] = [];
  for (const name of objects.names(bucket)) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) folders.add(rest.slice(0, slash + 1));
    else {
      const meta = objects.get(bucket, name);
      if (meta) files.push(meta);
    }
  }
  const folderRows = [...folders].sort().map(
    (f) =>
      html`<tr>
        <td><a href="${href('/storage', { bucket, prefix: prefix + f })}">${f}</a></td>
        <td>folder</td>
        <td></td>
        <td></td>
      </tr>`,
  );
  const fileRows = files.map(
    (f) =>
      html`<tr>
        <td>
          <a href="${href('/storage/object', { bucket, name: f.name })}"
            >${f.name.slice(prefix.length)}</a
          >
        </td>
        <td>${f.contentType}</td>
        <td>${f.size} bytes</td>
        <td><time>${f.updated}</time></td>
      </tr>`,
  );
  const table =
    folderRows.length + fileRows.length === 0
      ? html`<p class="empty">Empty folder.</p>`
      : dataTable(null, ['name', 'type', 'size', 'updated'], [folderRows, fileRows]);
  return page('Storage', '/storage', html`${folderCrumbs(bucket, prefix)}${table}`);
}

/** `/storage?bucket=&prefix=`; null for an unknown bucket. */
export function storagePage(
  objects: ObjectStore,
  bucket: string | null,
  prefix: string,
): Html | null {
  if (bucket === null) return bucketsPage(objects);
  return folderPage(objects, bucket, prefix);
}

/** `/storage/object?bucket=&name=`: metadata and, for raster images, the picture. */
export function objectPage(objects: ObjectStore, bucket: string, name: string): Html | null {
  const meta = objects.get(bucket, name);
  if (!meta) return null;
  const folder = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : '';
  const rows: Array<[string, string]> = [
    ['name', meta.name],
    ['bucket', meta.bucket],
    ['contentType', meta.contentType],
    ['size', `${meta.size} bytes`],
    ['timeCreated', meta.timeCreated],
    ['updated', meta.updated],
    ['generation', meta.generation],
    ['md5Hash', meta.md5Hash],
    ...Object.entries(meta.customMetadata ?? {}).map(([k, v]): [string, string] => [
      `metadata.${k}`,
      v,
    ]),
  ];
  const preview = isPreviewable(meta.contentType)
    ? html`<p><img class="preview" alt="${meta.name}" src="${rawHref(meta)}" /></p>`
    : html`<p class="empty">No preview for ${meta.contentType}.</p>`;
  const body = html`${folderCrumbs(bucket, folder)}${preview}
    <p><a href="${rawHref(meta)}">Open the file</a></p>
    <table>
      <tbody>
        ${rows.map(
          ([k, v]) =>
            html`<tr>
              <th>${k}</th>
              <td>${v}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  return page(`File ${name.split('/').pop()}`, '/storage', body);
}
