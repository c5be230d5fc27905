/**
 * What the Facebook connect flow keeps in the database
 * (supabase/migrations/…_messaging.sql): the nonces of
 * the signed states, the pages found by the callback (with their real tokens, server-side only)
 * and, finally, the connected page on the clinic. `now` always comes from the service's clock.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceDatabase } from '../contracts';
import type { ConnectState } from './connect-state';
import type { GraphPage } from './graph';

/** How long the pages found by the callback wait for staff to pick one. */
export const PENDING_PAGES_LIFETIME_MS = 10 * 60_000;

export interface PendingPage {
  handle: string;
  pageId: string;
  name: string;
  accessToken: string;
  pictureUrl: string | null;
}

export class PageAlreadyConnectedError extends Error {
  constructor() {
    super('This Facebook page is already connected to another clinic.');
    this.name = 'PageAlreadyConnectedError';
  }
}

const iso = (date: Date) => date.toISOString();

export function createFacebookStore(db: ServiceDatabase) {
  return {
    /** A new attempt: its nonce, and no pages left over from an earlier one. */
    async startAttempt(state: ConnectState, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        // Housekeeping: attempts and page lists nobody will finish.
        await tx.query(
          `delete from public.facebook_oauth_states where expires_at < $1::timestamptz - interval '1 day'`,
          [iso(now)],
        );
        await tx.query('delete from public.facebook_pending_pages where expires_at < $1 or clinic_id = $2', [
          iso(now),
          state.clinicId,
        ]);
        await tx.query(
          `insert into public.facebook_oauth_states (nonce, clinic_id, user_id, expires_at, created_at)
           values ($1, $2, $3, $4, $5)`,
          [state.nonce, state.clinicId, state.userId, new Date(state.expiresAt).toISOString(), iso(now)],
        );
      });
    },

    /** The popup opens the dialog once per state; false when unknown, used or expired. */
    async markOpened(state: ConnectState, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `update public.facebook_oauth_states set opened_at = $4
          where nonce = $1 and clinic_id = $2 and user_id = $3 and opened_at is null and completed_at is null
            and expires_at > $4
          returning nonce`,
        [state.nonce, state.clinicId, state.userId, iso(now)],
      );
      return rows.length > 0;
    },

    /** Meta's redirect finishes the attempt once; false when unknown, not opened, finished or expired. */
    async markCompleted(state: ConnectState, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `update public.facebook_oauth_states set completed_at = $4
          where nonce = $1 and clinic_id = $2 and user_id = $3 and opened_at is not null and completed_at is null
            and expires_at > $4
          returning nonce`,
        [state.nonce, state.clinicId, state.userId, iso(now)],
      );
      return rows.length > 0;
    },

    /** Replaces the clinic's pending pages; each gets a random handle the browser may see. */
    async savePendingPages(clinicId: number, userId: string, pages: readonly GraphPage[], now: Date): Promise<void> {
      const expiresAt = iso(new Date(now.getTime() + PENDING_PAGES_LIFETIME_MS));
      await db.transaction(async (tx) => {
        await tx.query('delete from public.facebook_pending_pages where clinic_id = $1', [clinicId]);
        const seen = new Set<string>();
        for (const page of pages) {
          if (seen.has(page.id)) continue;
          seen.add(page.id);
          await tx.query(
            `insert into public.facebook_pending_pages
               (handle, clinic_id, page_id, name, access_token, picture_url, created_by, expires_at, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              `fbp_${randomBytes(24).toString('base64url')}`,
              clinicId,
              page.id,
              page.name.slice(0, 500),
              page.accessToken,
              page.pictureUrl && page.pictureUrl.length <= 2000 ? page.pictureUrl : null,
              userId,
              expiresAt,
              iso(now),
            ],
          );
        }
      });
    },

    async pendingPages(clinicId: number, now: Date): Promise<PendingPage[]> {
      const { rows } = await db.query<{
        handle: string;
        page_id: string;
        name: string;
        access_token: string;
        picture_url: string | null;
      }>(
        `select handle, page_id, name, access_token, picture_url from public.facebook_pending_pages
          where clinic_id = $1 and expires_at > $2
          order by lower(name), page_id`,
        [clinicId, iso(now)],
      );
      return rows.map((row) => ({
        handle: row.handle,
        pageId: row.page_id,
        name: row.name,
        accessToken: row.access_token,
        pictureUrl: row.picture_url,
      }));
    },

    async pendingPage(clinicId: number, pageId: string, handle: string, now: Date): Promise<PendingPage | null> {
      const pages = await this.pendingPages(clinicId, now);
      return pages.find((page) => page.pageId === pageId && page.handle === handle) ?? null;
    },

    async pageConnectedElsewhere(clinicId: number, pageId: string): Promise<boolean> {
      const { rows } = await db.query('select 1 from public.clinics where messenger_page_id = $1 and id <> $2', [
        pageId,
        clinicId,
      ]);
      return rows.length > 0;
    },

    /**
     * Token, page ids, name and hint in one transaction; the pending pages go with it, and so do the
     * page's contacts of a clinic that had it before. The name is kept so that a connect found by the
     * SPA's poll (another tab) can say which page it is; a blank one is stored as none. `actorUserId`
     * (the admin who chose the page) is who the audit trail names.
     */
    async connectPage(clinicId: number, page: PendingPage, actorUserId?: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          if (actorUserId) await tx.query(`select set_config('ngiti.audit_actor', $1, true)`, [actorUserId]);
          await tx.query(
            `insert into public.clinic_secrets (clinic_id, fb_page_access_token) values ($1, $2)
             on conflict (clinic_id) do update set fb_page_access_token = excluded.fb_page_access_token`,
            [clinicId, page.accessToken],
          );
          await tx.query(
            `update public.clinics set fb_page_id = $2, messenger_page_id = $2, page_token_hint = $3, fb_page_name = $4
              where id = $1`,
            [clinicId, page.pageId, page.accessToken.slice(-4), page.name.trim() ? page.name : null],
          );
          await tx.query('delete from public.facebook_pending_pages where clinic_id = $1', [clinicId]);
          // People who wrote to the page while another clinic had it are that clinic's contacts:
          // their rows (activity, linked patient) must not stay readable there, nor hide them here.
          await tx.query('delete from public.messenger_contacts where page_id = $1 and clinic_id <> $2', [
            page.pageId,
            clinicId,
          ]);
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') throw new PageAlreadyConnectedError();
        throw error;
      }
    },

    /** The clinic's connected page and its stored token (null token when none is stored); null without a page. */
    async connectedPage(clinicId: number): Promise<{ pageId: string; accessToken: string | null } | null> {
      const { rows } = await db.query<{ page_id: string | null; access_token: string | null }>(
        `select coalesce(c.messenger_page_id, c.fb_page_id) as page_id, s.fb_page_access_token as access_token
           from public.clinics c left join public.clinic_secrets s on s.clinic_id = c.id
          where c.id = $1`,
        [clinicId],
      );
      const row = rows[0];
      return row?.page_id ? { pageId: row.page_id, accessToken: row.access_token } : null;
    },

    /**
     * Forgets the clinic's page in one transaction: the stored token, the page ids, name and hint.
     * false when the clinic had no page (any more: a concurrent disconnect won).
     */
    async disconnectPage(clinicId: number, actorUserId?: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (actorUserId) await tx.query(`select set_config('ngiti.audit_actor', $1, true)`, [actorUserId]);
        const { rows } = await tx.query(
          `update public.clinics set fb_page_id = null, messenger_page_id = null, page_token_hint = null,
                  fb_page_name = null
            where id = $1 and (fb_page_id is not null or messenger_page_id is not null or page_token_hint is not null)
            returning id`,
          [clinicId],
        );
        await tx.query('delete from public.clinic_secrets where clinic_id = $1', [clinicId]);
        return rows.length > 0;
      });
    },
  };
}

export type FacebookStore = ReturnType<typeof createFacebookStore>;
