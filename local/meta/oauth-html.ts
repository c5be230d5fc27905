/** Small HTML pieces of the stand-in's Facebook Login dialog. */
import type { StandInPage } from './state.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The dialog pages' one inline style sheet (the gateway allows it by its hash in their CSP). */
export const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f0f2f5; margin: 0; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 8px; padding: 24px;
         box-shadow: 0 2px 12px rgba(0, 0, 0, 0.12); }
  h1 { font-size: 20px; margin: 0 0 4px; color: #1c1e21; }
  p { color: #606770; font-size: 14px; }
  ul { list-style: none; padding: 0; }
  li { display: flex; align-items: center; gap: 12px; padding: 6px 0; }
  li img { width: 36px; height: 36px; border-radius: 50%; }
  .actions { display: flex; gap: 12px; margin-top: 16px; }
  .button { flex: 1; text-align: center; padding: 10px; border-radius: 6px; font-weight: 600; text-decoration: none; }
  .continue { background: #1877f2; color: #fff; }
  .cancel { background: #e4e6eb; color: #1c1e21; }
  code { font-size: 12px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderDialog(options: {
  pages: readonly StandInPage[];
  pictureUrl: (page: StandInPage) => string;
  scopes: readonly string[];
  continueUrl: string;
  cancelUrl: string;
}): string {
  const pages = options.pages
    .map((p) => `<li><img src="${escapeHtml(options.pictureUrl(p))}" alt=""><span>${escapeHtml(p.name)}</span></li>`)
    .join('');
  const scopes = options.scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ');
  return page(
    'Log in with Facebook (Ngiti stand-in)',
    `<h1>Log in with Facebook (Ngiti stand-in)</h1>
     <p>Ngiti would like to manage these Facebook pages and send messages as them${scopes ? ` (${scopes})` : ''}:</p>
     <ul>${pages || '<li>You manage no pages.</li>'}</ul>
     <p>This is the local Meta stand-in: no real Facebook account is used.</p>
     <div class="actions">
       <a id="cancel" class="button cancel" href="${escapeHtml(options.cancelUrl)}">Cancel</a>
       <a id="continue" class="button continue" href="${escapeHtml(options.continueUrl)}">Continue</a>
     </div>`,
  );
}

export function renderDialogError(message: string): string {
  return page('Facebook Login error (Ngiti stand-in)', `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}
