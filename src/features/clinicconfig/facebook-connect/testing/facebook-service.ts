/**
 * The notification service's Facebook endpoints for component tests, on the one MSW server
 * (docs/facebook-connect.md): connect-state, the pages list (empty until `grant` plays the user
 * finishing the login in the popup), select-page and DELETE …/facebook/page. The service itself
 * does not run in the component stack, so these write what it writes (server/facebook/store.ts)
 * into the real database, as its owner and naming the signed-in caller for the audit trail: the
 * page token in clinic_secrets, the page ids, name and token hint in clinics. What each endpoint
 * received is counted; `answerNext` replaces the next answer of one endpoint.
 */
import { http, HttpResponse } from 'msw';
import type { FacebookPage, SelectPageBody } from '@common/contract';
import { realStack, server, stackConfig } from '@/testing/real-db';

type Endpoint = 'connect-state' | 'pages' | 'select-page' | 'disconnect';

export function facebookPage(overrides: Partial<FacebookPage> = {}): FacebookPage {
  return {
    id: '1000000000000002',
    name: 'Bright Teeth Dental',
    access_token: 'fbp_handle_2',
    picture: { data: { url: null } },
    ...overrides,
  };
}

/** A SQL string literal (the values here are the test's own, but quoted all the same). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The auth user id in the caller's bearer token (the gateway signed it; the service checks it). */
function callerOf(request: Request): string {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { sub: string }).sub;
}

/** One transaction as the service's, with the caller named as the actor of the audit entries. */
async function asService(caller: string, statements: string[]): Promise<void> {
  await realStack().exec(
    `begin; select set_config('ngiti.audit_actor', ${literal(caller)}, true); ${statements.join('; ')}; commit;`,
  );
}

export function mockFacebookService() {
  const apiUrl = stackConfig().apiUrl;
  const base = `${apiUrl}/api/clinics/:id/facebook`;
  const calls: Record<Endpoint, number> = { 'connect-state': 0, pages: 0, 'select-page': 0, disconnect: 0 };
  const selected: { clinicId: number; body: SelectPageBody }[] = [];
  const next: Partial<Record<Endpoint, Response[]>> = {};
  let granted: FacebookPage[] = [];

  const override = (endpoint: Endpoint) => next[endpoint]?.shift();

  server.use(
    http.post(`${base}/connect-state`, ({ params }) => {
      calls['connect-state'] += 1;
      const answer = override('connect-state');
      if (answer) return answer;
      return HttpResponse.json({
        state: 'v1.state.mac',
        url: `${apiUrl}/api/clinics/${String(params.id)}/facebook/connect?state=v1.state.mac`,
        expires_at: '2030-01-01T00:10:00.000Z',
      });
    }),
    http.get(`${base}/pages`, () => {
      calls.pages += 1;
      return override('pages') ?? HttpResponse.json({ pages: granted });
    }),
    http.post(`${base}/select-page`, async ({ request, params }) => {
      calls['select-page'] += 1;
      const clinicId = Number(params.id);
      const body = (await request.json()) as SelectPageBody;
      selected.push({ clinicId, body });
      const answer = override('select-page');
      if (answer) return answer;
      const page = granted.find((candidate) => candidate.id === body.pageId);
      if (!page || page.access_token !== body.pageAccessToken)
        return HttpResponse.json(
          { error: 'This Facebook page is not available to connect. Please click Connect Facebook Page again.' },
          { status: 400 },
        );
      const { rows: elsewhere } = await realStack().query(
        'select 1 from public.clinics where messenger_page_id = $1 and id <> $2',
        [page.id, clinicId],
      );
      if (elsewhere.length > 0)
        return HttpResponse.json(
          { error: 'This Facebook page is already connected to another clinic.' },
          { status: 409 },
        );
      await asService(callerOf(request), [
        `insert into public.clinic_secrets (clinic_id, fb_page_access_token) values (${clinicId}, ${literal(page.access_token)})
         on conflict (clinic_id) do update set fb_page_access_token = excluded.fb_page_access_token`,
        `update public.clinics set fb_page_id = ${literal(page.id)}, messenger_page_id = ${literal(page.id)},
           page_token_hint = ${literal(page.access_token.slice(-4))}, fb_page_name = ${literal(page.name)}
         where id = ${clinicId}`,
      ]);
      granted = [];
      return HttpResponse.json({ ok: true, page: { id: page.id, name: page.name } });
    }),
    http.delete(`${base}/page`, async ({ request, params }) => {
      calls.disconnect += 1;
      const answer = override('disconnect');
      if (answer) return answer;
      const clinicId = Number(params.id);
      const { rows: connected } = await realStack().query(
        `select 1 from public.clinics
          where id = $1 and (fb_page_id is not null or messenger_page_id is not null or page_token_hint is not null)`,
        [clinicId],
      );
      if (connected.length === 0)
        return HttpResponse.json({ error: 'This clinic has no connected Facebook page.' }, { status: 409 });
      await asService(callerOf(request), [
        `update public.clinics set fb_page_id = null, messenger_page_id = null, page_token_hint = null, fb_page_name = null
          where id = ${clinicId}`,
        `delete from public.clinic_secrets where clinic_id = ${clinicId}`,
      ]);
      return HttpResponse.json({ ok: true, unsubscribed: true });
    }),
  );

  return {
    calls,
    /** What select-page received, in order. */
    selected,
    /** The user finished the login in the popup and granted these pages. */
    grant(pages: FacebookPage[]) {
      granted = pages;
    },
    answerNext(endpoint: Endpoint, answer: Response) {
      (next[endpoint] ??= []).push(answer);
    },
  };
}

/** A stand-in for the popup window.open returns: closed by `close()`, as the user or the page would. */
export function fakePopup() {
  const popup = {
    closed: false,
    opener: {} as unknown,
    location: { href: 'about:blank' },
    close() {
      popup.closed = true;
    },
  };
  return popup;
}
