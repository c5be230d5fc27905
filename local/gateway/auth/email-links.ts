import { createHash, randomInt } from 'node:crypto';
import type { StackConfig } from '../../config.ts';
import type { DevMailbox } from '../mailbox.ts';

/** E-mail links stay valid this long (GoTrue's default `MAILER_OTP_EXP`). */
export const EMAIL_LINK_SECONDS = 24 * 60 * 60;
/** One e-mail of a kind per address per minute (GoTrue's default `SMTP_MAX_FREQUENCY`). */
export const EMAIL_FREQUENCY_SECONDS = 60;

export type EmailLinkType = 'signup' | 'recovery';

export interface EmailToken {
  /** The six-digit code shown in the e-mail (what `verifyOtp({ email, token })` takes). */
  otp: string;
  /** What the link carries and the database keeps: sha224(email + otp), as GoTrue computes it. */
  hash: string;
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

export function newEmailToken(email: string): EmailToken {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, hash: tokenHash(email, otp) };
}

export const isLinkExpired = (sentAt: Date | null, now = new Date()) =>
  !sentAt || now.getTime() - new Date(sentAt).getTime() > EMAIL_LINK_SECONDS * 1000;

export const sentWithinFrequency = (sentAt: Date | null, now = new Date()) =>
  sentAt !== null && now.getTime() - new Date(sentAt).getTime() < EMAIL_FREQUENCY_SECONDS * 1000;

/** A glob of GoTrue's redirect allow list: `*` stays within one host label or path segment, `**` crosses them. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

/**
 * Where an e-mail link may send the browser: anywhere on the site's origin, or a URL the
 * operator listed in ADDITIONAL_REDIRECT_URLS (glob patterns; an entry that is a bare
 * origin allows that whole origin). Anything else falls back to the site URL, so the
 * links cannot be turned into an open redirect.
 */
export function allowedRedirect(candidate: unknown, config: StackConfig): string {
  if (typeof candidate !== 'string' || candidate === '') return config.siteUrl;
  const origin = originOf(candidate);
  if (!origin) return config.siteUrl;
  if (origin === originOf(config.siteUrl)) return candidate;
  for (const entry of config.additionalRedirectUrls) {
    if (globToRegExp(entry).test(candidate)) return candidate;
    const bareOrigin = originOf(entry);
    if (bareOrigin && !entry.includes('*') && entry.replace(/\/+$/, '') === bareOrigin && origin === bareOrigin)
      return candidate;
  }
  return config.siteUrl;
}

export function verifyLink(config: StackConfig, type: EmailLinkType, hash: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${config.siteUrl}/auth/v1/verify?${query.toString()}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const TEMPLATES: Record<EmailLinkType, { subject: string; heading: string; action: string }> = {
  signup: { subject: 'Confirm Your Signup', heading: 'Confirm your signup', action: 'Confirm your mail' },
  recovery: { subject: 'Reset Your Password', heading: 'Reset Password', action: 'Reset Password' },
};

/** Puts the e-mail GoTrue would send (its default templates) into the dev mailbox. */
export function sendAuthEmail(
  mailbox: DevMailbox,
  config: StackConfig,
  options: { to: string; type: EmailLinkType; token: EmailToken; redirectTo: string },
) {
  const link = verifyLink(config, options.type, options.token.hash, options.redirectTo);
  const template = TEMPLATES[options.type];
  return mailbox.send({
    to: options.to,
    subject: template.subject,
    kind: options.type,
    link,
    html:
      `<h2>${template.heading}</h2>` +
      `<p>Follow this link:</p><p><a href="${escapeHtml(link)}">${template.action}</a></p>` +
      `<p>Alternatively, enter the code: ${options.token.otp}</p>`,
  });
}

/** The dev mailbox kind of the notice below. */
export const EXISTING_ACCOUNT_KIND = 'signup_existing';

/**
 * Tells the owner of a confirmed account that someone tried to sign up with their address. The
 * sign-up itself answers as for a new address (no account discovery), so this e-mail is the only
 * place the truth shows, and only to the address's owner. Its link is the sign-up's own redirect
 * (the SPA's login screen), where 'Forgot password?' is too. Hosted Supabase sends no such e-mail.
 */
export function sendExistingAccountEmail(
  mailbox: DevMailbox,
  config: StackConfig,
  options: { to: string; redirectTo: string },
) {
  const link = options.redirectTo || config.siteUrl;
  return mailbox.send({
    to: options.to,
    subject: 'Someone tried to sign up with your email',
    kind: EXISTING_ACCOUNT_KIND,
    link,
    html:
      `<h2>You already have an account</h2>` +
      `<p>Someone tried to register a new account with this email address (${escapeHtml(options.to)}). ` +
      `No new account was created: this address already has one.</p>` +
      `<p>If it was you, log in instead; if you forgot your password, use "Forgot password?" on the login page.</p>` +
      `<p><a href="${escapeHtml(link)}">Log in</a></p>` +
      `<p>If it was not you, you can ignore this email. Your account and password have not been changed.</p>`,
  });
}
