import * as webStreams from 'node:stream/web';

/**
 * The SPA's component files run in vitest's VM pool (vitest.config.ts), whose contexts carry
 * Node's fetch but not all of the web streams it and msw use (TransformStream among them): they
 * are Node's own, put on the context's global where missing.
 */
for (const [name, value] of Object.entries(webStreams)) {
  (globalThis as Record<string, unknown>)[name] ??= value;
}

/**
 * msw 3 and @mswjs/interceptors are built for Node 22 (`Promise.withResolvers`,
 * `Set.prototype.intersection` / `.difference`); this project supports Node 20.19, which has
 * neither. These are installed before msw is loaded and only where missing, so on Node 22 they
 * do nothing.
 */

interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

const promiseStatics = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };
promiseStatics.withResolvers ??= <T>(): Resolvers<T> => {
  let resolve!: Resolvers<T>['resolve'];
  let reject!: Resolvers<T>['reject'];
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
};

type SetLike = { has(value: unknown): boolean };
const setMethods = Set.prototype as unknown as {
  intersection?: (this: Set<unknown>, other: SetLike) => Set<unknown>;
  difference?: (this: Set<unknown>, other: SetLike) => Set<unknown>;
};
setMethods.intersection ??= function (other) {
  return new Set([...this].filter((value) => other.has(value)));
};
setMethods.difference ??= function (other) {
  return new Set([...this].filter((value) => !other.has(value)));
};
