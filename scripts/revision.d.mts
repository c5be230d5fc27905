/** The short hash of HEAD in `cwd`, or null outside a git checkout. */
export function currentCommit(cwd?: string): string | null;

/** Whether tracked files differ from HEAD in `cwd` (false outside a git checkout). */
export function hasUncommittedChanges(cwd?: string): boolean;
