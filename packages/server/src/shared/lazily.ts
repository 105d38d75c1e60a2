// A service made on its first call: the idle server keeps only the route schemas in memory, and a
// service's code (its rules, SQL and helpers) loads with the first request that needs it, as the
// webhooks do (modules/webhooks/lazy.ts). Every method of the answer is async, whatever it was;
// a failed load is tried again on the next call.
type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

export type Lazy<T> = AsyncMethods<T>;

export function lazily<T extends object>(load: () => Promise<T>): Lazy<T> {
  let made: Promise<T> | undefined;
  const get = (): Promise<T> =>
    (made ??= load().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  return new Proxy({} as Lazy<T>, {
    get(_target, name) {
      if (typeof name === 'symbol' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const service = await get();
        const method = (service as Record<string, unknown>)[name];
        if (typeof method !== 'function') throw new TypeError(`No method ${name} on a lazily made service`);
        return (method as (...a: unknown[]) => unknown).apply(service, args);
      };
    },
  });
}
