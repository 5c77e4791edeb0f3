import fs from 'node:fs';
import type { Stack } from '../stack';

/** The lines the stack's Functions emulator has printed so far (its functions' logs included). */
export function functionsLog(stack: Stack): string[] {
  return fs.readFileSync(stack.functionsLog, 'utf8').split('\n');
}
