export const STACK_ENTRY: string;

/** The cache of one entry of one checkout: its directory and the manifest of its current bundle. */
export function cacheFiles(root: string, entry?: string): { dir: string; manifest: string };

/** Why the bundle of `entry` must be (re)built, or null when the cached one is current. */
export function staleBundleReason(root: string, entry?: string): string | null;

/** The path of the current bundle (after staleBundleReason said null). */
export function cachedBundle(root: string, entry?: string): string;

/** Builds the bundle of `entry` into the cache and returns its path. */
export function buildStackBundle(root: string, entry?: string): Promise<string>;

/** Loads `entry` from its bundle (built first when stale), or through tsx when it cannot be built. */
export function importStack(
  root: string,
  options?: {
    entry?: string;
    warn?: (line: string) => void;
    buildBundle?: (root: string, entry: string) => Promise<string>;
  },
): Promise<unknown>;
