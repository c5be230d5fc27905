import { describe, expect, it } from 'vitest';
import { recordReliably } from './outcome';

function recordingLogger() {
  const lines: { level: 'warn' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'warn', fields, message }),
    error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
  };
  return { lines, logger: logger as unknown as Parameters<typeof recordReliably>[0] };
}

const pgError = () =>
  Object.assign(new Error('new row violates check constraint'), {
    code: '23514',
    detail: 'Failing row contains (1, 2, Cancelled, psid-1, the secret message)',
  });

describe('recordReliably', () => {
  it('when the write fails and then succeeds, then its result is returned after a retry', async () => {
    const { lines, logger } = recordingLogger();
    let calls = 0;
    const result = await recordReliably(
      logger,
      'status notice',
      { appointmentId: 7 },
      async () => {
        calls += 1;
        if (calls < 3) throw pgError();
        return 42;
      },
      [0, 0, 0],
    );
    expect(result).toBe(42);
    expect(calls).toBe(3);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
  });

  it('when every attempt fails, then null, one error line with ids and the SQLSTATE, never the row', async () => {
    const { lines, logger } = recordingLogger();
    let calls = 0;
    const result = await recordReliably(
      logger,
      'status notice',
      { appointmentId: 7 },
      async () => {
        calls += 1;
        throw pgError();
      },
      [0, 0],
    );
    expect(result).toBeNull();
    expect(calls).toBe(3);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({
      level: 'error',
      message: 'status notice could not be recorded',
      fields: { appointmentId: 7, sqlState: '23514', attempts: 3 },
    });
    expect(JSON.stringify(lines)).not.toMatch(/secret message|psid-1|check constraint/);
  });
});
