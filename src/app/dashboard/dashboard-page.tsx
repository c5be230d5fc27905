import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { isTabKey, type TabKey } from '@/lib/authorization';
import { DashboardContext, type DashboardContextValue } from '@/lib/dashboard';
import { useSignedInUser } from '@/lib/session';
import { readPreference, writePreference } from '@/lib/session-storage';
import { tabsFor } from '../tabs';
import { Sidebar } from './sidebar';
import { TabPanel } from './tab-panel';
import './dashboard.css';

const TAB_PREFERENCE = 'tab';

/** The main app (spec §2): the sidebar and the active tab's view. Loaded as its own chunk. */
export default function DashboardPage() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardShell />
    </QueryClientProvider>
  );
}

function DashboardShell() {
  const user = useSignedInUser();
  const tabs = useMemo(() => tabsFor(user.role), [user.role]);
  const [activeTab, setActiveTab] = useState<TabKey>(() => {
    const saved = readPreference(TAB_PREFERENCE);
    return isTabKey(saved) && tabs.some((tab) => tab.key === saved) ? saved : (tabs[0]?.key ?? 'patients');
  });
  const selectTab = useCallback(
    (tab: TabKey) => {
      if (!tabs.some((candidate) => candidate.key === tab)) return;
      writePreference(TAB_PREFERENCE, tab);
      setActiveTab(tab);
    },
    [tabs],
  );
  const dashboard = useMemo<DashboardContextValue>(() => ({ activeTab, selectTab }), [activeTab, selectTab]);

  return (
    <DashboardContext.Provider value={dashboard}>
      <div className="dashboard">
        <Sidebar tabs={tabs} activeTab={activeTab} onSelect={selectTab} />
        <div className="dashboard-main">
          <main className="dashboard-content">
            <TabPanel tabKey={activeTab} />
          </main>
          <footer className="app-footer">© 2025 Ngiti</footer>
        </div>
      </div>
    </DashboardContext.Provider>
  );
}
