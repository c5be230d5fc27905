/**
 * The small pages the Facebook connect popup shows (the popup is a browser window, so errors are
 * HTML, not JSON). Each page carries its own CSP: no resources, only its one inline script.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sendPopupPage(
  res: Response,
  status: number,
  options: { title: string; message: string; closeWindow?: boolean },
): void {
  const nonce = randomBytes(16).toString('base64');
  const script = options.closeWindow
    ? `<script nonce="${nonce}">setTimeout(function () { window.close(); }, 1500);</script>`
    : '';
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  keepOpenerLink(res);
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(options.title)}</title>` +
        `<style nonce="${nonce}">body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f7fa;color:#1f2933}` +
        `main{max-width:420px;margin:64px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.1)}` +
        `h1{font-size:20px;margin:0 0 8px}p{font-size:15px;line-height:1.5}</style></head>` +
        `<body><main><h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.message)}</p></main>${script}</body></html>`,
    );
}

/**
 * The popup's pages must not send helmet's `Cross-Origin-Opener-Policy: same-origin`: with it,
 * Chromium moves the popup to another browsing-context group and the SPA's handle reads
 * `closed === true` at once, so the SPA stops polling as if the user had closed the window. The
 * pages hold nothing the opener could read (the SPA sets `popup.opener = null` itself).
 */
export function keepOpenerLink(res: Response): void {
  res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
}
