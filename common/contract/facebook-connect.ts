/**
 * Connecting a clinic's Facebook page, under /api (clinic admins and the superadmin). The SPA:
 *
 *   1. POST /api/clinics/{clinicId}/facebook/connect-state (no body) → ConnectStateResponse, and
 *      opens `url` in a popup (the popup and Meta's redirect carry no JWT; the signed state does);
 *   2. GET  /api/clinics/{clinicId}/facebook/pages → FacebookPagesResponse once the popup is done;
 *   3. POST /api/clinics/{clinicId}/facebook/select-page SelectPageBody → SelectPageResponse.
 *
 * 'Disconnect page': DELETE /api/clinics/{clinicId}/facebook/page → DisconnectPageResponse.
 *
 * A page's `access_token` here is an opaque handle of the page the service keeps: the real page
 * access token never reaches the browser.
 */
import * as z from 'zod/mini';
import { sendableCharacters } from './fields';

export const connectStateResponseSchema = z.object({
  state: z.string(),
  url: z.url({ protocol: /^https?$/ }),
  expires_at: z.iso.datetime(),
});

export type ConnectStateResponse = z.infer<typeof connectStateResponseSchema>;

export const facebookPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  access_token: z.string(),
  picture: z.object({ data: z.object({ url: z.nullable(z.string()) }) }),
});

export type FacebookPage = z.infer<typeof facebookPageSchema>;

export const facebookPagesResponseSchema = z.object({ pages: z.array(facebookPageSchema) });

export type FacebookPagesResponse = z.infer<typeof facebookPagesResponseSchema>;

export const selectPageBodySchema = z.object({
  pageId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), sendableCharacters('pageId')),
  /** The handle from the pages list, not a Facebook token. */
  pageAccessToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), sendableCharacters('pageAccessToken')),
});

export type SelectPageBody = z.input<typeof selectPageBodySchema>;

export const selectPageResponseSchema = z.object({
  ok: z.literal(true),
  page: z.object({ id: z.string(), name: z.string() }),
});

export type SelectPageResponse = z.infer<typeof selectPageResponseSchema>;

export const disconnectPageResponseSchema = z.object({
  ok: z.literal(true),
  /** false when Meta refused or did not answer the unsubscription (the page is forgotten anyway). */
  unsubscribed: z.boolean(),
});

export type DisconnectPageResponse = z.infer<typeof disconnectPageResponseSchema>;
