// Deno entry point on Supabase Edge Functions; the logic lives in handler.ts so the local
// stack and the tests run the same code under Node.
import { handle } from './handler.ts';

Deno.serve((req: Request) =>
  handle(req, {
    supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  }),
);
