/**
 * The Meta stand-in's memory, shared by its Send API part (meta/send-api.ts), its
 * Facebook Login part (meta/oauth.ts) and its inbound-message simulator (meta/inbound.ts).
 * Mounted by the local stack at /_meta (Graph API at /_meta/v21.0, dialog at /_meta/dialog/oauth);
 * dev pages at /_dev/messenger.
 */
export const STAND_IN_GRAPH_VERSION = 'v21.0';

export interface StandInPage {
  id: string;
  name: string;
  /** The page access token Meta would issue; the service must keep it server-side. */
  accessToken: string;
  pictureUrl: string;
}

export interface RecordedQuickReply {
  title: string;
  payload: string;
}

/** Every message the service sent through the stand-in (what /_dev/messenger lists). */
export interface RecordedMessage {
  /** Meta's message id (mid). */
  id: string;
  pageId: string;
  recipientId: string;
  /** 'text' inside the 24-hour window, 'template' for a utility template outside it. */
  kind: 'text' | 'template';
  text: string;
  quickReplies: RecordedQuickReply[];
  sentAt: string;
}

/** An error the next Send API calls answer with (Meta's error object), to test error paths. */
export interface SimulatedFault {
  httpStatus: number;
  code: number;
  subcode?: number;
  message: string;
  /** How many calls it answers before it is used up. */
  remaining: number;
  /** Answer only after this long (a slow Meta: the service must give up first). */
  delayMs?: number;
}

/** A person who wrote to a page through /_dev/messenger/inbound, as the User Profile API shows them. */
export interface StandInProfile {
  firstName: string;
  lastName: string;
  /** Origin the avatar URL is built on: the one the inbound call came through (the browser's). */
  origin: string;
}

export interface MetaStandInState {
  pages: StandInPage[];
  /** Senders' profiles per `${pageId}:${psid}` (GET /v21.0/{psid}). */
  profiles: Map<string, StandInProfile>;
  messages: RecordedMessage[];
  /** Last inbound message time per `${pageId}:${psid}`: the 24-hour rule is enforced from it. */
  lastInbound: Map<string, Date>;
  /** Pages whose `messages` webhook field the service subscribed (POST /{page}/subscribed_apps). */
  subscribedPages: Set<string>;
  faults: SimulatedFault[];
  /** Send API calls whose caller hung up while a slow fault (`delayMs`) held the answer. */
  abandonedCalls: number;
  /** Send API calls allowed per second (null: unlimited); beyond it Meta's code 613. */
  sendRateLimitPerSecond: number | null;
  /** Where inbound messages are delivered, signed with the app secret (the service's /webhook). */
  webhookUrl: string;
  appSecret: string;
  appId: string;
  now(): Date;
}

export const DEMO_PAGES: readonly StandInPage[] = Object.freeze([
  {
    id: '1000000000000001',
    name: 'Smile Dental Clinic',
    accessToken: 'EAAPAGE1demo',
    pictureUrl: '/_meta/pictures/smile.svg',
  },
  {
    id: '1000000000000002',
    name: 'Bright Teeth PH',
    accessToken: 'EAAPAGE2demo',
    pictureUrl: '/_meta/pictures/bright.svg',
  },
  {
    id: '1000000000000003',
    name: 'Ngiti Demo Page',
    accessToken: 'EAAPAGE3demo',
    pictureUrl: '/_meta/pictures/ngiti.svg',
  },
]);

export function createStandInState(options: {
  webhookUrl: string;
  appSecret: string;
  appId: string;
  now?: () => Date;
}): MetaStandInState {
  return {
    pages: DEMO_PAGES.map((page) => ({ ...page })),
    profiles: new Map(),
    messages: [],
    lastInbound: new Map(),
    subscribedPages: new Set(),
    faults: [],
    abandonedCalls: 0,
    sendRateLimitPerSecond: null,
    webhookUrl: options.webhookUrl,
    appSecret: options.appSecret,
    appId: options.appId,
    now: options.now ?? (() => new Date()),
  };
}

export const inboundKey = (pageId: string, psid: string) => `${pageId}:${psid}`;

/** The name a sender gets when the inbound call gives none: 'Demo' 'Sender 1234' (the psid's last 4 characters). */
export function demoSenderName(psid: string): { firstName: string; lastName: string } {
  return { firstName: 'Demo', lastName: `Sender ${psid.slice(-4)}` };
}

/** Where the stand-in serves a sender's picture: `${origin}/_meta/avatars/<psid>.svg`. */
export const avatarUrl = (origin: string, psid: string) =>
  `${origin.replace(/\/+$/, '')}/_meta/avatars/${encodeURIComponent(psid)}.svg`;
