import pino from 'pino';
import { createSafeLogger } from '../server/logging.ts';

export type Logger = pino.Logger;

type FileDestination = ReturnType<typeof pino.destination>;

/** The files loggers write to, closed by `closeLogger`. */
const files = new WeakMap<Logger, FileDestination>();

/**
 * Structured JSON logs (private fields censored, server/logging.ts) on stderr, or appended to
 * `file` when given (the test runs keep one per stack); `silent` in tests by default.
 */
export function createLogger(level: string, file?: string): Logger {
  if (!file) return createSafeLogger(level, 'ngiti-local-stack', pino.destination(2));
  const destination = pino.destination({ dest: file, sync: false, append: true, mkdir: true });
  const logger = createSafeLogger(level, 'ngiti-local-stack', destination);
  files.set(logger, destination);
  return logger;
}

/** Writes out what a logger made by `createLogger(level, file)` still holds and closes its file. */
export async function closeLogger(logger: Logger): Promise<void> {
  const destination = files.get(logger);
  if (!destination) return;
  files.delete(logger);
  await new Promise<void>((resolve) => {
    destination.once('close', () => resolve());
    destination.once('error', () => resolve());
    destination.end();
  });
}
