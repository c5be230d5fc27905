import bcrypt from 'bcryptjs';
import { unprocessable, weakPassword } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt ignores everything past 72 bytes, so GoTrue refuses longer passwords. */
const PASSWORD_MAX_LENGTH = 72;
const BCRYPT_COST = 10;
/**
 * Compared against when the user does not exist, so both failures take as long: a bcrypt hash of
 * cost BCRYPT_COST, written out rather than computed when the module loads (100 ms on every start).
 */
const DUMMY_HASH = '$2b$10$Q/jb6MQJXCSdlbeLdQI3h.shBBk/ioT3rlXhAdV2Hf0ECvEMA7KI.';

/** GoTrue's password rule with its default settings: at least 6 characters, at most 72. */
export function checkPasswordStrength(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw weakPassword(PASSWORD_MIN_LENGTH);
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_LENGTH) {
    throw unprocessable('validation_failed', `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * Accepts bcrypt hashes of any cost in the `$2a$`/`$2b$` forms (pgcrypto's `crypt()` with
 * `gen_salt('bf')` writes `$2a$`) and PHP's `$2y$`, which is the same algorithm.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d{2}\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
}
