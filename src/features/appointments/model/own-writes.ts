/**
 * Changes made in this browser tab are not news to it: the appointment writes of this tab remember
 * each row they got back (id + updated_at), and a live event showing exactly that state merges
 * silently. The same user's change from another tab or device has its own updated_at in that tab
 * only, so it is still announced here.
 *
 * The event can arrive before the write's own answer (the service hears the commit as soon as
 * PostgREST does), so while a write is under way the decision waits for it (settledOwnWrites).
 */

/** What a write answers for each row it changed. */
export interface WrittenRow {
  id: number;
  updated_at: string;
}

/** How long a write's row is remembered: its event comes within 2 s, or never (missed while offline). */
export const OWN_WRITE_MEMORY_MS = 30_000;
/** Longest an announcement waits for this tab's writes to answer. */
export const OWN_WRITE_WAIT_MS = 5_000;

/**
 * `updated_at` as an exact instant, whatever offset or fraction length the text has (PostgREST
 * and the change feed may print the same timestamptz differently).
 */
export function instantKey(timestamp: string): string | null {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)$/i.exec(timestamp);
  if (!match) return null;
  const [, seconds, fraction = '', zone] = match;
  const zoned = zone!.length === 3 ? `${zone}:00` : zone!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const millis = Date.parse(`${seconds}${zoned}`);
  if (Number.isNaN(millis)) return null;
  return `${millis}.${fraction.padEnd(6, '0').slice(0, 6)}`;
}

function isWrittenRow(value: unknown): value is WrittenRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.id === 'number' && typeof row.updated_at === 'string';
}

/** The ledger of one tab; a module instance (ownWrites) serves the app, tests make their own. */
export function createOwnWrites(now: () => number = Date.now) {
  const remembered = new Map<string, number>();
  let underWay = 0;
  let waiters: (() => void)[] = [];

  const keyOf = (id: number, updatedAt: string) => {
    const instant = instantKey(updatedAt);
    return instant === null ? null : `${id}@${instant}`;
  };

  function forgetExpired(at: number) {
    for (const [key, until] of remembered) if (until <= at) remembered.delete(key);
  }

  function remember(data: unknown) {
    const at = now();
    forgetExpired(at);
    for (const row of Array.isArray(data) ? data : [data]) {
      if (!isWrittenRow(row)) continue;
      const key = keyOf(row.id, row.updated_at);
      if (key) remembered.set(key, at + OWN_WRITE_MEMORY_MS);
    }
  }

  return {
    /**
     * Runs one write of appointment rows made here (a Supabase request that selects at least
     * `id, updated_at`) and remembers the rows it answers. Returns the request's own answer.
     */
    async track<Response extends { data: unknown }>(request: PromiseLike<Response>): Promise<Response> {
      underWay++;
      try {
        const response = await request;
        remember(response.data);
        return response;
      } finally {
        underWay--;
        if (underWay === 0) {
          const waiting = waiters;
          waiters = [];
          for (const wake of waiting) wake();
        }
      }
    },
    /** Whether an event showing this row state is the answer to a write of this tab. */
    isOwn(update: { id: number; updated_at?: string | null }): boolean {
      if (!update.updated_at) return false;
      const key = keyOf(update.id, update.updated_at);
      if (key === null) return false;
      const until = remembered.get(key);
      return until !== undefined && until > now();
    },
    /** Whether a write of this tab is waiting for its answer. */
    busy(): boolean {
      return underWay > 0;
    },
    /** Resolves once no write of this tab is under way (at most after OWN_WRITE_WAIT_MS). */
    settled(): Promise<void> {
      if (underWay === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, OWN_WRITE_WAIT_MS);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

export type OwnWrites = ReturnType<typeof createOwnWrites>;

/** This tab's ledger. */
export const ownWrites: OwnWrites = createOwnWrites();

/** Runs an appointment write of this tab so that its live event is not announced here (see ownWrites). */
export function trackOwnWrite<Response extends { data: unknown }>(request: PromiseLike<Response>): Promise<Response> {
  return ownWrites.track(request);
}
