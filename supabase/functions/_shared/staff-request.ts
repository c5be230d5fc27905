import type { SupabaseClient, User } from '@supabase/supabase-js';
import { jsonResponse, preflightResponse } from './cors.ts';
import { bearerTokenOf, Refusal, refusalResponse } from './refusal.ts';
import { createCallerClient, type FunctionDeps } from './supabase-clients.ts';

/** The signed-in caller of a staff-account function: a client acting as them (RLS applies), and their account. */
export interface Caller {
  asCaller: SupabaseClient;
  user: User;
}

/** What one staff-account function does with a request. */
export interface StaffRequest<Input> {
  /** The function's name, for the server log. */
  name: string;
  /** Reads and checks the body (a Refusal answers the request); runs before the session is checked. */
  readInput: (req: Request) => Promise<Input>;
  /** The function's own work, for a signed-in caller. */
  run: (input: Input, caller: Caller) => Promise<Response>;
  /** The answer's `error` (HTTP 500) when anything else goes wrong. */
  failure: string;
}

/**
 * The part create-user and delete-user share: the CORS preflight, POST only, a bearer token
 * (401 without one), the body, a session the auth server knows (401 otherwise); then the
 * function's work. A Refusal anywhere is answered as it is; anything else is logged and is a 500.
 */
export async function handleStaffRequest<Input>(
  req: Request,
  deps: FunctionDeps,
  request: StaffRequest<Input>,
): Promise<Response> {
  if (req.method === 'OPTIONS') return preflightResponse();
  try {
    if (req.method !== 'POST') throw new Refusal(405, 'Method not allowed');
    const authorization = req.headers.get('Authorization') ?? '';
    const token = bearerTokenOf(authorization);
    if (!token) throw new Refusal(401, 'Missing authorization header');
    const input = await request.readInput(req);

    const asCaller = createCallerClient(deps, authorization);
    const { data: auth, error: authError } = await asCaller.auth.getUser(token);
    if (authError || !auth.user) throw new Refusal(401, 'Invalid or expired session');
    return await request.run(input, { asCaller, user: auth.user });
  } catch (error) {
    if (error instanceof Refusal) return refusalResponse(error);
    console.error(`${request.name} failed:`, error);
    return jsonResponse({ error: request.failure }, 500);
  }
}

/** The request's JSON body; one that is not JSON is refused (400), naming the expected `shape`. */
export async function readJsonBody(req: Request, shape: string): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new Refusal(400, `Request body must be JSON: ${shape}`);
  }
}
