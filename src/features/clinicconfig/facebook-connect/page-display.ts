import { CLINIC_EXTRA_TEXT } from '../model/messages';

/** How a Facebook page shows in the picker when it has no picture: its initials. Pure. */
export function pageInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const initials = words
    .slice(0, 2)
    .map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '')
    .join('');
  return initials ? initials.toLocaleUpperCase() : '?';
}

/** The clinic's page as the poll compares it: connected means a page id and a stored token. */
export interface PageConnection {
  fb_page_id: string | null;
  page_token_hint: string | null;
}

/**
 * The clinic got connected since the connect started (the poll ends "on the clinic having
 * a token and page id"): connected now, and not already so with the same page and token then.
 */
export function becameConnected(before: PageConnection | null, now: PageConnection): boolean {
  if (!now.fb_page_id || !now.page_token_hint) return false;
  if (!before?.fb_page_id || !before.page_token_hint) return true;
  return before.fb_page_id !== now.fb_page_id || before.page_token_hint !== now.page_token_hint;
}

/**
 * What 'Facebook Page Connected!' says the page is when the poll found the clinic connected: its
 * name, or 'Page ID …' for a page connected before names were kept; nothing without a page.
 */
export function connectedPageDetail(clinic: {
  fb_page_id: string | null;
  fb_page_name: string | null;
}): string | undefined {
  if (clinic.fb_page_name) return clinic.fb_page_name;
  return clinic.fb_page_id ? CLINIC_EXTRA_TEXT.pageId(clinic.fb_page_id) : undefined;
}
