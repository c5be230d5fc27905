import { describe, expect, it } from 'vitest';
import { EdgeFunctionError, failureLines, readDeleteReply, type FunctionAnswer } from './delete-reply';

const json = (body: unknown, status = 200): FunctionAnswer => ({ kind: 'answered', status, json: true, body });
const step = (success: boolean, error: string | null = null) => ({ success, details: success ? 'done' : null, error });

function problemOf(answer: FunctionAnswer): EdgeFunctionError {
  try {
    readDeleteReply(answer);
  } catch (error) {
    if (error instanceof EdgeFunctionError) return error;
    throw error;
  }
  throw new Error('readDeleteReply did not throw');
}

describe('reading the delete-user reply', () => {
  it('when both steps succeeded, then the user is deleted from Auth and the custom table', () => {
    expect(readDeleteReply(json({ auth_delete: step(true), db_delete: step(true) }))).toEqual({
      kind: 'deleted',
      message: 'User deleted from Auth & custom table.',
    });
  });

  it('when one step failed with a reason, then the partial failure lists that step', () => {
    expect(readDeleteReply(json({ auth_delete: step(false, 'User not found'), db_delete: step(true) }))).toEqual({
      kind: 'partial',
      lines: ['Auth delete failed: User not found'],
    });
    expect(readDeleteReply(json({ auth_delete: step(true), db_delete: step(false, 'permission denied') }))).toEqual({
      kind: 'partial',
      lines: ['DB delete failed: permission denied'],
    });
  });

  it('when a step failed without a reason, then it says Partial failure deleting user.', () => {
    expect(readDeleteReply(json({ auth_delete: step(false), db_delete: step(true) }))).toEqual({
      kind: 'partial',
      lines: ['Partial failure deleting user.'],
    });
  });

  it('when both steps failed, then the deletion failed and both reasons are listed', () => {
    expect(readDeleteReply(json({ auth_delete: step(false, 'a'), db_delete: step(false, 'b') }))).toEqual({
      kind: 'failed',
      message: 'User deletion failed',
      lines: ['Auth delete failed: a', 'DB delete failed: b'],
    });
  });

  it('reads the legacy {success, version} reply', () => {
    expect(readDeleteReply(json({ success: true, version: 'v1' }))).toEqual({
      kind: 'deleted',
      message: 'User deleted from Auth & custom table.',
    });
    expect(readDeleteReply(json({ success: false, version: 'v1' }))).toEqual({
      kind: 'failed',
      message: 'User deletion failed',
      lines: [],
    });
  });

  it("when a 2xx reply is not JSON, then 'Edge function returned non-JSON', not retried (the delete may have run)", () => {
    const problem = problemOf({ kind: 'answered', status: 200, json: false, text: '<html>oops</html>' });
    expect(problem.message).toBe('Edge function returned non-JSON');
    expect(problem.serverError).toBeUndefined();
    expect(problem.retryable).toBe(false);
  });

  it("when the status is not ok, then 'Edge function returned error status' with the function's reason", () => {
    const refused = problemOf(json({ error: 'You can only delete users of your own clinic' }, 403));
    expect(refused.message).toBe('Edge function returned error status');
    expect(refused.serverError).toBe('You can only delete users of your own clinic');
    expect(refused.retryable).toBe(false);
  });

  it('when a gateway answers 502–504 with a page of its own, then it is retried and says the service is unavailable, never its HTML', () => {
    for (const status of [502, 503, 504]) {
      const crashed = problemOf({ kind: 'answered', status, json: false, text: '<html>Bad gateway</html>' });
      expect(crashed.message).toBe('Edge function returned error status');
      expect(crashed.serverError).toBe(
        'The user service is unavailable right now, so nothing was changed. Please try again later.',
      );
      expect(crashed.retryable).toBe(true);
    }
  });

  it('when the function cannot start (503 BOOT_ERROR), then it is not retried: it will not start on the next call', () => {
    const boot = problemOf(json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503));
    expect(boot.serverError).toBe(
      'The user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(boot.retryable).toBe(false);
  });

  it('when the function fails (500), then it is not retried and staff are told to check the list', () => {
    const failed = problemOf(json({ code: 'WORKER_ERROR', message: 'Function exited due to an error' }, 500));
    expect(failed.serverError).toBe(
      'The server failed while handling this request. Refresh the list to see whether anything changed.',
    );
    expect(failed.retryable).toBe(false);
  });

  it("when the JSON has neither shape, then 'Unexpected edge function response format'", () => {
    for (const body of [
      {},
      [],
      null,
      'ok',
      { auth_delete: { success: 'yes' }, db_delete: step(true) },
      { success: true },
    ]) {
      expect(problemOf(json(body)).message).toBe('Unexpected edge function response format');
    }
  });

  it('when there was no answer at all, then the failure is retryable and says the server was not reached', () => {
    const problem = problemOf({ kind: 'unreachable' });
    expect(problem.retryable).toBe(true);
    expect(failureLines(problem, 'Could not reach the server.')).toEqual(['Could not reach the server.']);
  });

  it('lists the spec text and then the server reason for a refused call', () => {
    expect(failureLines(problemOf(json({ error: 'User not found' }, 404)), 'x')).toEqual([
      'Edge function returned error status',
      'User not found',
    ]);
    expect(failureLines(new Error('other'), 'x')).toEqual([]);
  });

  it('words the last-admin refusal by its code, whatever the server’s sentence', () => {
    const refused = problemOf(json({ error: 'any server text', code: 'last_admin' }, 409));
    expect(refused.serverCode).toBe('last_admin');
    expect(refused.retryable).toBe(false);
    expect(failureLines(refused, 'x')).toEqual([
      'Edge function returned error status',
      'A clinic must keep at least one admin.',
    ]);
  });
});
