import fs from 'node:fs';
import path from 'node:path';
import type remotes from 'remote-list/remotes.json';

/** What global setup started, shared with every worker through a file. */
export interface Stack {
  projectId: string;
  apiKey: string;
  shellUrl: string;
  /** The shell's and every remote's origin, by name (remote-list/remotes.json). */
  appUrls: Record<'shell' | keyof typeof remotes, string>;
  authUrl: string;
  firestoreUrl: string;
  storageUrl: string;
  storageBucket: string;
  /** Where global setup writes every line the Functions emulator prints (function logs included). */
  functionsLog: string;
}

export const STACK_FILE = path.join(__dirname, '.tmp', 'stack.json');

export function readStack(): Stack {
  return JSON.parse(fs.readFileSync(STACK_FILE, 'utf8')) as Stack;
}
