import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { CopyrightFooter } from '@/components/copyright-footer';
import { holdBackGuard } from '@/components/modal/modal-stack';
import { preloadSweetAlert } from '@/components/sweet-alert';
import { useSessionTimeZone } from '@/entities/clinic';
import type { TabKey } from '@/lib/authorization';
import { DashboardContext, type DashboardContextValue } from '@/lib/dashboard';
import { useSession, useSignedInUser } from '@/lib/session';
import { writePreference } from '@/lib/session-storage';
import { whenReadsSettle } from '@/lib/when-reads-settle';
import { savedTab, TAB_PREFERENCE } from '../dashboard-frame';
import { TABS, tabsFor } from '../tabs';
import { useAccessWatch } from '../use-access-watch';
import { DASHBOARD_EXTRA_TEXT } from './messages';
import { Sidebar } from './sidebar';
import { TabPanel } from './tab-panel';
import { createDashboardQueryClient, rememberWorkingClinic, startWarm, takeWarmQueryClient } from './warm-start';
import './dashboard.css';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The skip link moves focus into the tab's view itself: following the #fragment would also add a
 * history entry, which Back would then have to undo.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** Back with no modal open asks before it leaves the dashboard (a modal open: Back closes it). */
const askBeforeLeaving = () =>
  confirmDialog({
    title: DASHBOARD_EXTRA_TEXT.leaveTitle,
    text: DASHBOARD_EXTRA_TEXT.leaveText,
    confirmText: DASHBOARD_EXTRA_TEXT.leave,
    cancelText: DASHBOARD_EXTRA_TEXT.stay,
    icon: 'question',
    danger: false,
    focusCancel: true,
  });

/**
 * Starts loading the code of the tab the dashboard will open (the one kept for this browser tab),
 * and its first reads (./warm-start.ts), before the session is known; whether the user may see it
 * is checked when it is shown.
 */
export function preloadSavedTab() {
  const saved = savedTab();
  const tab = saved && TABS.find((candidate) => candidate.key === saved);
  if (!tab) return;
  tab.View.preload();
  if (tab.prefetch) void startWarm(tab.prefetch);
}

/** The main app: the sidebar and the active tab's view. Loaded as its own chunk. */
export default function DashboardPage() {
  const user = useSignedInUser();
  const { clinic } = useSession();
  const [queryClient] = useState(
    () => takeWarmQueryClient(user.supabase_id, clinic.id) ?? createDashboardQueryClient(),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardShell />
    </QueryClientProvider>
  );
}

function DashboardShell() {
  const user = useSignedInUser();
  const { clinic } = useSession();
  const { timeZone, isPending: zonePending, isError: zoneFailed } = useSessionTimeZone();
  useAccessWatch(clinic.id);
  // The zone only once it is the clinic's own (not the fallback shown while it is read).
  const knownZone = zonePending || zoneFailed ? undefined : timeZone;
  useEffect(
    () => rememberWorkingClinic(user.supabase_id, clinic.id, knownZone),
    [user.supabase_id, clinic.id, knownZone],
  );
  const tabs = useMemo(() => tabsFor(user.role), [user.role]);
  const [activeTab, setActiveTab] = useState<TabKey>(() => {
    const saved = savedTab();
    return saved && tabs.some((tab) => tab.key === saved) ? saved : (tabs[0]?.key ?? 'patients');
  });
  const selectTab = useCallback(
    (tab: TabKey) => {
      if (!tabs.some((candidate) => candidate.key === tab)) return;
      writePreference(TAB_PREFERENCE, tab);
      setActiveTab(tab);
    },
    [tabs],
  );
  useEffect(() => holdBackGuard(askBeforeLeaving), []);
  const queryClient = useQueryClient();
  // After the tab's first reads: the dialogs' code must not hold up the first screen's.
  useEffect(() => whenReadsSettle(queryClient, preloadSweetAlert), [queryClient]);
  const dashboard = useMemo<DashboardContextValue>(() => ({ activeTab, selectTab }), [activeTab, selectTab]);

  return (
    <DashboardContext.Provider value={dashboard}>
      <div className="dashboard">
        <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
          {DASHBOARD_EXTRA_TEXT.skipToContent}
        </a>
        <Sidebar tabs={tabs} activeTab={activeTab} onSelect={selectTab} />
        <div className="dashboard-main">
          <main id={MAIN_CONTENT_ID} className="dashboard-content" tabIndex={-1}>
            <TabPanel tabKey={activeTab} />
          </main>
          <CopyrightFooter timeZone={timeZone} />
        </div>
      </div>
    </DashboardContext.Provider>
  );
}
