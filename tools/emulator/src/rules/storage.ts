import type { Principal } from '../common/auth';
import type { CompiledRules } from './compile';
import { authValue } from './context';
import { reportDecision } from './decisions';
import { applicableAllows, decide, type Denial, type RequestMethod } from './matcher';
import { NULL, int, str, timestampFromDate, type RValue } from './values';

export interface StorageObjectInfo {
  name: string;
  bucket: string;
  size: number;
  contentType: string;
  metadata: Record<string, string>;
  timeCreated: Date;
  updated: Date;
  md5Hash: string;
  generation: string;
  metageneration: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
}

export interface StorageRequest {
  bucket: string;
  /** Object name (or list prefix) without a leading slash, e.g. `u1/posts/a.png`. */
  path: string;
  method: RequestMethod;
  resource: StorageObjectInfo | null;
  requestResource: StorageObjectInfo | null;
}

function objectValue(info: StorageObjectInfo | null): RValue {
  if (!info) return NULL;
  const entries: Array<[string, RValue]> = [
    ['name', str(info.name)],
    ['bucket', str(info.bucket)],
    ['size', int(info.size)],
    ['contentType', str(info.contentType)],
    [
      'metadata',
      { k: 'map', v: new Map(Object.entries(info.metadata).map(([k, v]) => [k, str(v)])) },
    ],
    ['timeCreated', timestampFromDate(info.timeCreated)],
    ['updated', timestampFromDate(info.updated)],
    ['md5Hash', str(info.md5Hash)],
    ['generation', str(info.generation)],
    ['metageneration', str(info.metageneration)],
  ];
  for (const key of [
    'cacheControl',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
  ] as const) {
    const value = info[key];
    if (value !== undefined) entries.push([key, str(value)]);
  }
  return { k: 'map', v: new Map(entries) };
}

/** Storage paths as rules see them: `/b/{bucket}/o/{segments of the object name}`. */
function storageSegments(bucket: string, path: string): string[] {
  return ['b', bucket, 'o', ...path.split('/').filter((s) => s !== '')];
}

export function authorizeStorage(
  rules: CompiledRules | null,
  ctx: { principal: Principal; time: Date },
  req: StorageRequest,
): Denial | null {
  if (rules === null || ctx.principal.kind === 'owner') return null;
  const segments = storageSegments(req.bucket, req.path);
  const request: RValue = {
    k: 'map',
    v: new Map<string, RValue>([
      ['auth', authValue(ctx.principal)],
      ['method', str(req.method)],
      ['path', { k: 'path', segments }],
      ['time', timestampFromDate(ctx.time)],
      ['resource', objectValue(req.requestResource)],
    ]),
  };
  const resource = objectValue(req.resource);
  const decision = decide(
    applicableAllows(rules, segments, req.method),
    req.method,
    () => ({
      globals: new Map([
        ['request', request],
        ['resource', resource],
      ]),
      documents: null,
      depth: 0,
      coverage: rules.coverage ?? null,
    }),
    rules.coverage,
  );
  return reportDecision(rules, ctx.principal, req.method, `/${segments.join('/')}`, decision);
}
