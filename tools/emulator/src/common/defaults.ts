/** `defaults` with every value `given` defines (an option left `undefined` keeps its default). */
export function withDefaults<T extends object>(
  defaults: Required<T>,
  given: T | undefined,
): Required<T> {
  const defined = Object.entries(given ?? {}).filter(([, value]) => value !== undefined);
  return { ...defaults, ...Object.fromEntries(defined) } as Required<T>;
}
