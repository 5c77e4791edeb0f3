import {
  startStack,
  type ClientOptions,
  type HarnessClient,
  type Stack,
  type StackOptions,
} from '../../harness';

export interface FileStack<Name extends string> {
  /** The stack, once the file's `beforeAll` has started it. */
  stack(): Stack;
  /** One signed-in page a name, opened with the stack (filled in by `beforeAll`). */
  clients: Record<Name, HarnessClient>;
}

/**
 * The stack a test file shares: started before its tests with one client per entry of `clients`
 * (`{ alice: { uid: 'alice' } }`), and stopped (its pages with it) after them.
 */
export function stackForFile<Name extends string>(
  options: StackOptions,
  clients: Record<Name, ClientOptions>,
): FileStack<Name> {
  let stack: Stack | undefined;
  const opened = {} as Record<Name, HarnessClient>;
  beforeAll(async () => {
    const started = await startStack(options);
    stack = started;
    const names = Object.keys(clients) as Name[];
    const pages = await Promise.all(names.map((name) => started.openClient(clients[name])));
    names.forEach((name, i) => (opened[name] = pages[i]!));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });
  return {
    stack: () => {
      if (!stack) throw new Error('The stack starts in beforeAll; read it inside a test.');
      return stack;
    },
    clients: opened,
  };
}
