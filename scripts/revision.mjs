// Which code a measurement measured: the commit checked out, and whether tracked files differ from
// it. The test runner's record of a whole run and every bench result carry both.
import { spawnSync } from 'node:child_process';

const git = (cwd, args) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/** The short hash of HEAD in `cwd`, or null outside a git checkout. */
export function currentCommit(cwd = process.cwd()) {
  const run = git(cwd, ['rev-parse', '--short', 'HEAD']);
  return run.status === 0 ? run.stdout.trim() : null;
}

/** Whether tracked files differ from HEAD in `cwd` (false outside a git checkout). */
export function hasUncommittedChanges(cwd = process.cwd()) {
  const run = git(cwd, ['status', '--porcelain', '--untracked-files=no']);
  return run.status === 0 && run.stdout.trim() !== '';
}
