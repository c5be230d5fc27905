import { http, HttpResponse } from 'msw';
import { db, mockConfig, server } from '@/testing/mocks';

const functionUrl = (name: string) => `${mockConfig.supabaseUrl}/functions/v1/${name}`;

/** A reply of a mocked function: JSON with a status, or a body that is not JSON, or no answer. */
export type FunctionReply = { status?: number; json: unknown } | { status?: number; text: string } | 'network';

function respond(reply: FunctionReply): Response {
  if (reply === 'network') return HttpResponse.error();
  if ('json' in reply) return HttpResponse.json(reply.json as Record<string, unknown>, { status: reply.status ?? 200 });
  return new HttpResponse(reply.text, { status: reply.status ?? 200, headers: { 'Content-Type': 'text/html' } });
}

let nextAuthId = 1;
const authIdOf = (n: number) => `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`;

/**
 * `create-user` as the edge function answers: on success the sign-up trigger's profile is stored
 * (role and clinic from the body) and {user, confirmation_sent} comes back; `reply` overrides the
 * answer. Returns the bodies received.
 */
export function mockCreateUserFunction(reply?: FunctionReply): Record<string, unknown>[] {
  const received: Record<string, unknown>[] = [];
  server.use(
    http.post(functionUrl('create-user'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push(body);
      if (reply) return respond(reply);
      const userId = authIdOf(nextAuthId++);
      db.table('users').insert({
        user_id: userId,
        email: String(body.email),
        name: String(body.name),
        role: String(body.role) as 'receptionist',
        clinic_id: Number(body.clinic_id),
      });
      return HttpResponse.json({
        user: { user_id: userId, email: body.email, name: body.name, role: body.role, clinic_id: body.clinic_id },
        confirmation_sent: true,
      });
    }),
  );
  return received;
}

/**
 * `delete-user`, answering each call with the next of `replies` (the last one repeats). A reply
 * of 'delete' removes the profile and answers both steps' success. Returns the bodies received.
 */
export function mockDeleteUserFunction(
  replies: readonly (FunctionReply | 'delete')[] = ['delete'],
): Record<string, unknown>[] {
  const received: Record<string, unknown>[] = [];
  server.use(
    http.post(functionUrl('delete-user'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push(body);
      const reply = replies[Math.min(received.length, replies.length) - 1]!;
      if (reply !== 'delete') return respond(reply);
      const rows = db.table('users').where((row) => row.user_id === body.user_id);
      for (const row of rows) db.table('users').delete(row.id);
      const step = { success: true, details: 'done', error: null };
      return HttpResponse.json({ auth_delete: step, db_delete: step });
    }),
  );
  return received;
}
