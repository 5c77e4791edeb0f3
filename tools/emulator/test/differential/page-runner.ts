import type { HarnessClient } from '../harness';
import { interpretInPage } from './page-interpreter';

/** Where a page keeps the interpreter once `installInterpreter` put it there. */
const INSTALLED = 'differentialInterpret';

/**
 * Puts the interpreter in the page once. `HarnessClient.run` sends a function's source with every
 * call, and the page compiles it again: for the interpreter, tens of kilobytes per run, which was
 * a large part of the test process's and Chromium's CPU (test/differential/README.md, "Size").
 */
export async function installInterpreter(client: HarnessClient): Promise<void> {
  await client.page.evaluate(
    ([name, source]) => {
      const page = window as unknown as Record<string, unknown>;
      page[name] = (0, eval)(`(${source})`);
      // A failed operation is an outcome; the SDK's log line for it would only be one more
      // message Playwright carries to Node.
      (page['fb'] as { fs: { setLogLevel(level: string): void } }).fs.setLogLevel('silent');
    },
    [INSTALLED, interpretInPage.toString()] as const,
  );
}

/** Runs a PageRun (as JSON text) with the installed interpreter; answers an InterpretResult as JSON text. */
export function interpretInstalled(client: HarnessClient, request: string): Promise<string> {
  return client.page.evaluate(
    ([name, run]) => {
      const page = window as unknown as Record<string, unknown>;
      const interpret = page[name] as (fb: unknown, run: string) => Promise<string>;
      const fb = page['fb'] as { keep(p: Promise<string>): Promise<string> };
      return fb.keep(interpret(fb, run));
    },
    [INSTALLED, request] as const,
  );
}
