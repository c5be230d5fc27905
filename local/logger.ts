import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stderr; `silent` in tests. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'ngiti-local-stack' } }, pino.destination(2));
}
