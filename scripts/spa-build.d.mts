export const repoRoot: string;

/** Why dist/ must be rebuilt, or null when it is current. */
export function staleReason(root?: string): string | null;

/** Runs `vite build` when needed; throws when the build fails. Returns whether it built. */
export function buildIfStale(options?: { root?: string; force?: boolean; log?: (line: string) => void }): boolean;

/** Starts `vite build` in a child process; `done` rejects when the build fails. */
export function buildInBackground(options: { root?: string; reason: string; log?: (line: string) => void }): {
  done: Promise<void>;
};
