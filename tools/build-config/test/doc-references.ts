import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// What the docs name must exist: a path or link, a remote and its exposed modules, a route, an
// `npm` command. The facts are read from the repository (its files, package.json scripts,
// remote-list/remotes.json); the checks are plain functions of a document's text and those facts,
// so a test can hand them a document with a planted mistake.

export const ROOT = path.resolve(__dirname, '../../..');

export interface RemoteEntry {
  folder: string;
  exposes?: Record<string, string>;
  routes: Record<string, { path: string }>;
}

export interface RepositoryFacts {
  /** Every file git tracks or would track (not ignored), relative to the root, with `/`. */
  files: Set<string>;
  /** Every folder holding one of `files`. */
  folders: Set<string>;
  /** The folders of the workspace packages (`shell`, `tools/emulator`, …). */
  packages: string[];
  /** The paths among those asked about that .gitignore ignores: generated, never in the tree. */
  ignored(paths: string[]): Set<string>;
  /** Scripts of the root package.json (key '') and of each workspace, by folder and by name. */
  scripts: Map<string, Set<string>>;
  remotes: Record<string, RemoteEntry>;
  /** The shell's own routes (its 404 page), from shell/src/routes.ts. */
  shellRoutes?: string[];
  /** String literals of the product's sources, e.g. the backend error codes it handles. */
  productStrings: Set<string>;
}

export interface Problem {
  doc: string;
  reference: string;
  why: string;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/**
 * Extensions that name a source file even without a folder (`followPlan.ts`, `firestore.rules`);
 * a bare declaration file (`@mf-types.d.ts`) is what a build writes.
 */
const SOURCE_FILE = /(?<!\.d)\.(ts|tsx|cts|mts|cjs|mjs|md|rules)$/;
/** An extension on its own (`.css`, `.d.cts`), not a file. */
const EXTENSION = /^(\.d)?\.[a-z]{1,4}$/;
/** A last path segment with an extension, or a path ending in `/`. */
const FILE_OR_FOLDER = /(\.[A-Za-z0-9]+|\/)$/;
/** Absolute paths on the machine, not routes (`/usr/bin/chromium`, `/proc`). */
const SYSTEM_PATH = /^\/(usr|proc|etc|opt|var|tmp|home|dev|sys)(\/|$)/;
/** The emulators' REST paths (`/emulator/v1/…`, Storage's `/v0/…`), not the product's routes. */
const BACKEND_API_PATH = /^\/(emulator|v0|v1|v1beta1|google\.firestore\.v1|internal)(\/|$)/;

function execLines(command: string, args: string[], input?: string): string[] {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', input });
  return result.stdout.split('\n').filter(Boolean);
}

function workspaceFolders(): string[] {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') || pattern.includes('*')
      ? fs
          .readdirSync(path.join(ROOT, path.dirname(pattern)))
          .map((name) => path.posix.join(path.dirname(pattern), name))
          .filter((folder) => new RegExp(`^${pattern.replace('*', '[^/]+')}$`).test(folder))
      : [pattern],
  );
}

/** The repository as the docs may name it. */
export function readRepository(): RepositoryFacts {
  const files = new Set(
    execLines('git', ['ls-files', '--cached', '--others', '--exclude-standard']),
  );
  const folders = new Set<string>();
  for (const file of files)
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir))
      folders.add(dir);

  const scripts = new Map<string, Set<string>>();
  const readScripts = (folder: string) => {
    const manifest = path.join(ROOT, folder, 'package.json');
    if (!fs.existsSync(manifest)) return;
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
    };
    const names = new Set(Object.keys(pkg.scripts ?? {}));
    scripts.set(folder, names);
    if (folder !== '') scripts.set(pkg.name, names);
  };
  readScripts('');
  const packages = workspaceFolders();
  packages.forEach(readScripts);

  const remotes = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'remote-list/remotes.json'), 'utf8'),
  ) as Record<string, RemoteEntry>;
  const shellRoutes = [
    ...fs
      .readFileSync(path.join(ROOT, 'shell/src/routes.ts'), 'utf8')
      .matchAll(/\{ path: '([^']+)', remote: null/g),
  ].map(([, route]) => route!);

  const productStrings = new Set<string>();
  const product = /^(shell|mfe-[^/]+|shared-[^/]+|remote-list)\/src\/.*\.tsx?$/;
  for (const file of files) {
    if (!product.test(file) || !fs.existsSync(path.join(ROOT, file))) continue;
    for (const [, literal] of fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .matchAll(/'([^'\n]+)'/g))
      productStrings.add(literal!);
  }

  return {
    files,
    folders,
    packages,
    ignored: (paths) =>
      new Set(
        paths.length === 0
          ? []
          : execLines('git', ['check-ignore', '--no-index', '--stdin'], `${paths.join('\n')}\n`),
      ),
    scripts,
    remotes,
    shellRoutes,
    productStrings,
  };
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm))
    anchors.add(
      heading!
        .toLowerCase()
        .replace(/`/g, '')
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  return anchors;
}

/** Inline code spans, outside fenced blocks (a fenced block is output or a command, read below). */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

/** Tokens of a code span that may be a path, a route or a module id (`loadRemote('feed/app')`). */
function tokensOf(span: string): string[] {
  return span
    .split(/[\s()'"=,;]+/)
    .map((token) => token.replace(/[.:]+$/, ''))
    .filter(Boolean);
}

/**
 * Does `reference` exist: from the root, from the document's folder, or inside a package as the
 * text around it means (`src/index.ts`, `engine/persistence.ts`, `tests/feed.spec.ts`)? A path
 * written from a grouping folder's child (`scripts/x` for `tools/scripts/x`) does not count: that
 * is how a moved folder's old path reads.
 */
function pathExists(reference: string, docDir: string, repo: RepositoryFacts): boolean {
  const bare = reference.replace(/^(\.\.?\/)+/, '').replace(/\/$/, '');
  const asFolder = reference.endsWith('/');
  const present = (candidate: string) =>
    repo.folders.has(candidate) || (!asFolder && repo.files.has(candidate));
  if (present(bare) || present(path.posix.join(docDir, bare))) return true;
  const inPackage = (prefix: string) =>
    repo.packages.some((pkg) => prefix === pkg || prefix.startsWith(`${pkg}/`));
  const suffix = `/${bare}`;
  for (const candidate of asFolder ? repo.folders : [...repo.files, ...repo.folders])
    if (candidate.endsWith(suffix) && inPackage(candidate.slice(0, -suffix.length))) return true;
  if (!bare.includes('/'))
    for (const file of repo.files) if (path.posix.basename(file) === bare) return true;
  // A package's folder in node_modules (`react/`), or a module by package name
  // (`build-config/jest.base.cjs`).
  if (asFolder) return fs.existsSync(path.join(ROOT, 'node_modules', bare));
  try {
    require.resolve(bare, { paths: [ROOT] });
    return true;
  } catch {
    return false;
  }
}

function routePattern(route: string): string {
  return route.replace(/\/(:[^/]+|\{[^}]+\})/g, '/:param');
}

/** Everything `doc` names that does not exist, with the reason. */
export function checkDocument(doc: string, markdown: string, repo: RepositoryFacts): Problem[] {
  const problems: Problem[] = [];
  const problem = (reference: string, why: string) => problems.push({ doc, reference, why });
  const docDir = path.posix.dirname(doc);
  const remoteNames = Object.keys(repo.remotes);
  const remoteFolders = new Set(Object.values(repo.remotes).map((remote) => remote.folder));
  const routes = new Set([
    ...Object.values(repo.remotes).flatMap((remote) =>
      Object.values(remote.routes).map((route) => routePattern(route.path)),
    ),
    ...(repo.shellRoutes ?? []).map(routePattern),
  ]);

  // Links.
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const [file, anchor] = target!.split('#') as [string, string | undefined];
    const linked = file === '' ? doc : path.posix.normalize(path.posix.join(docDir, file));
    if (!repo.files.has(linked) && !repo.folders.has(linked.replace(/\/$/, ''))) {
      problem(target!, `the link points to ${linked}, which does not exist`);
      continue;
    }
    if (anchor && linked.endsWith('.md')) {
      const text = fs.readFileSync(path.join(ROOT, linked), 'utf8');
      const anchors = linked === doc ? headingAnchors(markdown) : headingAnchors(text);
      if (!anchors.has(anchor)) problem(target!, `${linked} has no heading #${anchor}`);
    }
  }

  // Paths, routes and module ids in code spans.
  const missingPaths: string[] = [];
  for (const token of codeSpans(markdown).flatMap(tokensOf)) {
    if (token.includes('://') || /[<>{}[\]*…$]/.test(token.replace(/\{[^}/]+\}/g, ''))) continue;
    if (token.startsWith('/')) {
      const route = token.split(/[?#]/)[0]!;
      if (SYSTEM_PATH.test(route) || BACKEND_API_PATH.test(route) || /\.\w+$/.test(route)) continue;
      if (!routes.has(routePattern(route)))
        problem(token, 'no remote of remote-list/remotes.json has this route');
      continue;
    }
    if (/[{}]/.test(token)) continue; // a Firestore or Storage path: `usersData/{uid}`
    const moduleId = /^([a-z]+)\/([a-z][a-z-]*)$/.exec(token);
    if (moduleId && remoteNames.includes(moduleId[1]!)) {
      const [, remote, exposed] = moduleId as unknown as [string, string, string];
      const exposes = [
        'app',
        ...Object.keys(repo.remotes[remote]!.exposes ?? {}).map((key) => key.replace(/^\.\//, '')),
      ];
      if (!exposes.includes(exposed) && !repo.productStrings.has(token))
        problem(token, `the ${remote} remote exposes no ./${exposed}`);
      continue;
    }
    if (!/^(\.\.?\/)*[\w@.-][\w@./-]*$/.test(token) || EXTENSION.test(token)) continue;
    const isPath = token.includes('/') ? FILE_OR_FOLDER.test(token) : SOURCE_FILE.test(token);
    if (isPath && !pathExists(token, docDir, repo)) missingPaths.push(token);
  }
  const generated = repo.ignored(missingPaths);
  for (const reference of missingPaths)
    if (!generated.has(reference)) problem(reference, 'no such file or folder in the repository');

  // Remotes by folder, and the count of "the remotes".
  for (const [folder] of markdown.matchAll(/\bmfe-[a-z]+\b/g))
    if (!remoteFolders.has(folder)) problem(folder, 'not a remote of remote-list/remotes.json');
  for (const [phrase, count] of markdown.matchAll(/\bthe (\w+) remotes\b/gi)) {
    const number = NUMBER_WORDS.indexOf(count!.toLowerCase());
    const value = number >= 0 ? number : Number(count);
    if (Number.isInteger(value) && value !== remoteNames.length)
      problem(phrase, `there are ${remoteNames.length} remotes (remote-list/remotes.json)`);
  }

  // npm commands: `npm start`, `npm test`, `npm run <script>`, in the root, a workspace (-w) or
  // the folder a `cd <folder> &&` moved to.
  const command =
    /(?:\bcd\s+([\w./-]+)\s*&&\s*)?\bnpm\s+(start|test|run(?:-script)?\s+([\w:.-]+))((?:\s+(?:-w|--workspace)[=\s]+[\w./@<>-]+)*)/g;
  for (const [text, folder, verb, runScript, workspaceArgs] of markdown.matchAll(command)) {
    const script = runScript ?? verb!;
    const workspaces = [
      ...(workspaceArgs ?? '').matchAll(/(?:-w|--workspace)[=\s]+([\w./@<>-]+)/g),
    ].map((match) => match[1]!);
    const packages = workspaces.length > 0 ? workspaces : [folder ?? ''];
    for (const pkg of packages) {
      if (pkg.startsWith('<')) {
        // `-w <app>`: some workspace has the script.
        if (!repo.packages.some((folder) => repo.scripts.get(folder)?.has(script)))
          problem(text.trim(), `no workspace has a "${script}" script`);
        continue;
      }
      const scripts = repo.scripts.get(pkg.replace(/\/$/, ''));
      if (!scripts) problem(text.trim(), `no package or workspace "${pkg}"`);
      else if (!scripts.has(script))
        problem(
          text.trim(),
          `${pkg === '' ? 'the root package.json' : pkg} has no "${script}" script`,
        );
    }
  }
  return problems;
}

/** The first cell of each row of the table whose header's first cell is `header`. */
export function tableFolders(markdown: string, header: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.replace(/\s+/g, ' ').startsWith(`| ${header} |`));
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const first = /^\|\s*`([^`]+)`/.exec(line);
    if (first) rows.push(first[1]!.replace(/\/$/, ''));
  }
  return rows;
}

/** The folders directly under `parent` ('' for the top level) that hold tracked files. */
export function subfolders(parent: string, repo: RepositoryFacts): string[] {
  return [...repo.folders]
    .filter((folder) => path.posix.dirname(folder) === (parent === '' ? '.' : parent))
    .sort();
}
