import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import path from 'node:path';

const SHARED_MEMORY = '/dev/shm';
const ROOM_NEEDED = 2 * 1024 ** 3;

/**
 * A directory in the machine's shared memory (tmpfs) for the test run's temporary files, or
 * undefined where there is none with room for them (2 GiB free). A test stack unpacks a data
 * directory of about 1,200 files and deletes it again; on ext4 the kernel spends far longer on
 * that (the allocator searching for free inodes among the ones just deleted) than in tmpfs. What
 * the files hold, and how PGlite reads them, is the same.
 */
export function memoryTmpdir(): string | undefined {
  try {
    const { bavail, bsize } = statfsSync(SHARED_MEMORY);
    if (bavail * bsize < ROOM_NEEDED) return undefined;
    // One per user: another account's directory would not be writable.
    const dir = path.join(SHARED_MEMORY, `ngiti-tests-${process.getuid?.() ?? 'user'}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}
