/** CORS for functions called from the browser with supabase-js (`functions.invoke`). */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A JSON answer with the CORS headers, for successes and errors alike. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** The answer to a browser's preflight request. */
export const preflightResponse = (): Response => new Response('ok', { headers: corsHeaders });
