import { LoadingState } from '@/components/states/states';
import { isTabKey, TAB_TITLES, type TabKey } from '@/lib/authorization';
import { readPreference } from '@/lib/session-storage';
import '@/components/screen/screen.css';
import './dashboard/dashboard-layout.css';

/** The browser tab's preference for the dashboard's tab (kept in sessionStorage). */
export const TAB_PREFERENCE = 'tab';

/** The dashboard tab kept for this browser tab, if any; whether the user may see it is checked when it is shown. */
export function savedTab(): TabKey | undefined {
  const saved = readPreference(TAB_PREFERENCE);
  return isTabKey(saved) ? saved : undefined;
}

/** Ngiti's mark and name at the head of the sidebar. */
export function SidebarBrand() {
  return (
    <div className="sidebar-brand" aria-hidden="true">
      <svg className="sidebar-logo" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path
          d="M18 20c0-5 4-8 8-8 3 0 4 2 6 2s3-2 6-2c4 0 8 3 8 8 0 6-3 9-4 16-1 8-3 14-6 14-2 0-2-6-4-10-2 4-2 10-4 10-3 0-5-6-6-14-1-7-4-10-4-16z"
          fill="#0f3f3d"
        />
      </svg>
      <span>Ngiti</span>
    </div>
  );
}

/**
 * A tab while its code loads: its heading, drawn as its screen draws it, over a spinner. It writes
 * Screen's header markup (src/components/screen/screen.tsx) rather than rendering Screen: this
 * file is in the entry, and Screen there put /login over its JavaScript budget (115.3 KB of 115).
 */
export function TabFrame({ tab }: { tab: TabKey }) {
  return (
    <section className="screen" aria-labelledby="tab-frame-title">
      <header className="screen-header">
        <h1 id="tab-frame-title" className="screen-title">
          {TAB_TITLES[tab]}
        </h1>
      </header>
      <LoadingState />
    </section>
  );
}

/**
 * The dashboard before its code and the session check are in, on a reload of /dashboard with a
 * stored session: the sidebar's frame with the brand, and the heading of the tab kept for this
 * browser tab. The first screen then comes with the app's first script instead of after the
 * session check and the dashboard's and tab's code. It shows nothing of any account (no names, no
 * tabs, no data): whether the session is good is still being checked, and a bad one still ends on
 * /login.
 */
export function DashboardFrame({ tab }: { tab: TabKey | undefined }) {
  return (
    <div className="dashboard" aria-busy="true">
      <aside className="sidebar">
        <SidebarBrand />
      </aside>
      <div className="dashboard-main">
        <main className="dashboard-content">{tab ? <TabFrame tab={tab} /> : <LoadingState />}</main>
      </div>
    </div>
  );
}
