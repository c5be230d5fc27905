// CONTRACT of the configuration (the service-core helper implements loadServiceConfig here).

/** The service's settings, validated at start (every problem reported on its own line). */
export interface ServiceConfig {
  /** Port of `npm run server` (ignored when mounted in the local stack). */
  port: number;
  /** Origins allowed by CORS: the SPA's origin(s). */
  corsOrigins: string[];
  /** Public base URL of this service (OAuth redirect_uri is `${publicUrl}/api/facebook/callback`). */
  publicUrl: string;
  /** Where the SPA is served (the OAuth popup's last page links back to it). */
  siteUrl: string;
  /** Supabase JWT secret (HS256): verifies staff access tokens. */
  jwtSecret: string;
  /** Graph API base, e.g. https://graph.facebook.com/v21.0 (local: the Meta stand-in). */
  metaGraphUrl: string;
  /** Facebook Login dialog base, e.g. https://www.facebook.com/v21.0/dialog/oauth (local: the stand-in). */
  metaOauthDialogUrl: string;
  metaAppId: string;
  /** Signs webhook bodies (X-Hub-Signature-256) and, HMAC'd, the OAuth state. */
  metaAppSecret: string;
  /** Echoed back by GET /webhook verification. */
  metaVerifyToken: string;
  /** Meta requests give up after this long (staff never wait more than a few seconds). */
  metaTimeoutMs: number;
  /** Optional: socket.io Redis adapter for several instances. */
  redisUrl: string | null;
  /** How often the reminder scheduler looks for due reminders. */
  reminderIntervalMs: number;
  logLevel: string;
}
