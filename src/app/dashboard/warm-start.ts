import { QueryClient } from '@tanstack/react-query';
import { readPreference, writePreference } from '@/lib/session-storage';
import { loadSupabase } from '@/lib/supabase-loader';

/**
 * How a tab starts its first reads into the dashboard's query cache (a tab's `prefetch.ts`).
 * `timeZone` is the clinic's zone as this browser tab last knew it, where it knew it: a read keyed
 * by it that no longer matches is simply not found by the view, which reads again.
 */
export type TabPrefetch = (queryClient: QueryClient, clinicId: number, timeZone: string | undefined) => void;

/** The dashboard's query cache, as every dashboard opens it. */
export function createDashboardQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/** Who worked on which clinic in this browser tab, last (a preference, cleared on sign-out). */
const WORKING_CLINIC = 'working-clinic';

interface WorkingClinic {
  user: string;
  clinic: number;
  /** The clinic's time zone, once it was read. */
  timeZone?: string;
}

export function rememberWorkingClinic(user: string, clinic: number | null, timeZone?: string): void {
  writePreference(
    WORKING_CLINIC,
    clinic === null
      ? null
      : JSON.stringify({ user, clinic, ...(timeZone ? { timeZone } : {}) } satisfies WorkingClinic),
  );
}

function workingClinic(): WorkingClinic | null {
  try {
    const saved = JSON.parse(readPreference(WORKING_CLINIC) ?? 'null') as Partial<WorkingClinic> | null;
    return saved && typeof saved.user === 'string' && typeof saved.clinic === 'number'
      ? {
          user: saved.user,
          clinic: saved.clinic,
          ...(typeof saved.timeZone === 'string' ? { timeZone: saved.timeZone } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

let warm: { owner: WorkingClinic; queryClient: QueryClient } | undefined;
let opened = false;

/**
 * A reload of the dashboard with a stored session: the session check (auth server and profile)
 * must finish before the dashboard knows its clinic, and only then did the tab ask for its data —
 * one round trip after the other (the mobile Lighthouse run of Patients waited on it). The clinic
 * this browser tab last worked on is remembered, so the saved tab's first reads start beside the
 * check, into a query cache the dashboard takes over only if the check confirms the same account
 * and the same clinic; otherwise the cache is dropped, and nothing read into it is ever shown.
 * Settles (never rejects) once the reads are started or given up.
 */
export async function startWarm(prefetch: TabPrefetch): Promise<void> {
  const owner = workingClinic();
  if (!owner) return;
  await loadSupabase()
    .then((supabase) => supabase.auth.getSession())
    .then(({ data }) => {
      // Another account signed in from another browser tab: its session is not this tab's guess.
      if (opened || data.session?.user.id !== owner.user) return;
      const queryClient = createDashboardQueryClient();
      warm = { owner, queryClient };
      prefetch(queryClient, owner.clinic, owner.timeZone);
    })
    .catch(() => undefined);
}

/**
 * The query cache the warm start filled, when it was made for this user and clinic; asked once,
 * when the dashboard opens (a later warm start is not used).
 */
export function takeWarmQueryClient(user: string, clinic: number | null): QueryClient | undefined {
  const taken = warm;
  warm = undefined;
  opened = true;
  return taken && taken.owner.user === user && taken.owner.clinic === clinic ? taken.queryClient : undefined;
}
