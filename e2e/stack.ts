import fs from 'node:fs';
import path from 'node:path';

/** What global setup started, shared with every worker through a file. */
export interface Stack {
  projectId: string;
  apiKey: string;
  shellUrl: string;
  appUrls: Record<'shell' | 'auth' | 'feed' | 'profile' | 'explore' | 'members', string>;
  authUrl: string;
  firestoreUrl: string;
  storageUrl: string;
  storageBucket: string;
}

export const STACK_FILE = path.join(__dirname, '.tmp', 'stack.json');

export function readStack(): Stack {
  return JSON.parse(fs.readFileSync(STACK_FILE, 'utf8')) as Stack;
}
