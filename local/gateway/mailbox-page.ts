import { EXISTING_ACCOUNT_KIND } from './auth/email-links.ts';
import type { DevMail } from './mailbox.ts';

/** What each kind's link does; sign-up confirmations (and anything else) confirm the address. */
const LINK_LABELS: Record<string, string> = { recovery: 'Reset password', [EXISTING_ACCOUNT_KIND]: 'Log in' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The dev mailbox page; its one inline style sheet carries `nonce`, which the page's CSP allows. */
export function renderMailboxPage(mails: DevMail[], nonce: string): string {
  const rows = mails
    .map(
      (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong> to ${escapeHtml(mail.to)} <small>${escapeHtml(mail.sentAt)}</small></header>
  <p><a href="${escapeHtml(mail.link)}">${escapeHtml(LINK_LABELS[mail.kind] ?? 'Confirm your e-mail')}</a></p>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style nonce="${nonce}">body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}small{color:#666}</style>
</head><body><h1>Dev mailbox</h1><p>Auth e-mails the local stack would have sent, newest first.</p>
${rows || '<p>No e-mails yet.</p>'}
</body></html>`;
}
