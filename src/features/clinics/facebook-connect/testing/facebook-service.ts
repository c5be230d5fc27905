/**
 * The notification service's Facebook endpoints for component tests, on the one MSW server
 * (docs/facebook-connect.md): connect-state, the pages list (empty until `grant` plays the user
 * finishing the login in the popup), select-page (which connects the page in the mocked `clinics`
 * row as the service does) and DELETE …/facebook/page. What each endpoint received is counted;
 * `answerNext` replaces the next answer of one endpoint.
 */
import { http, HttpResponse } from 'msw';
import type { FacebookPage, SelectPageBody } from '@common/contract';
import { db, mockConfig, server } from '@/testing/mocks';

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

export function mockFacebookService() {
  const base = `${mockConfig.apiUrl}/api/clinics/:id/facebook`;
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
        url: `${mockConfig.apiUrl}/api/clinics/${String(params.id)}/facebook/connect?state=v1.state.mac`,
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
      db.table('clinics').update(clinicId, {
        fb_page_id: page.id,
        messenger_page_id: page.id,
        page_token_hint: page.access_token.slice(-4),
      });
      granted = [];
      return HttpResponse.json({ ok: true, page: { id: page.id, name: page.name } });
    }),
    http.delete(`${base}/page`, ({ params }) => {
      calls.disconnect += 1;
      const answer = override('disconnect');
      if (answer) return answer;
      const clinicId = Number(params.id);
      const clinic = db.table('clinics').find(clinicId);
      if (!clinic?.fb_page_id)
        return HttpResponse.json({ error: 'This clinic has no connected Facebook page.' }, { status: 409 });
      db.table('clinics').update(clinicId, { fb_page_id: null, messenger_page_id: null, page_token_hint: null });
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
