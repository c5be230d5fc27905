import { useState } from 'react';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { can, ROLE_LABELS, type TabKey } from '@/lib/authorization';
import { clinicLabel, useSession, useSignedInUser } from '@/lib/session';
import { SidebarBrand } from '../dashboard-frame';
import type { TabDefinition } from '../tabs';
import { ClinicSelector } from './clinic-selector';

export function Sidebar({
  tabs,
  activeTab,
  onSelect,
}: {
  tabs: TabDefinition[];
  activeTab: TabKey;
  onSelect: (tab: TabKey) => void;
}) {
  const session = useSession();
  const user = useSignedInUser();
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    await session.signOut();
  }

  return (
    <aside className="sidebar">
      <SidebarBrand />
      <div className="sidebar-clinic">
        <TruncatedText className="sidebar-clinic-name" testId="clinic-name" text={clinicLabel(session.clinic.name)} />
        {can(user.role, 'clinic:switch') ? <ClinicSelector /> : null}
      </div>
      <div className="sidebar-user">
        <TruncatedText className="sidebar-user-name" testId="user-name" text={user.name} />
        <span className="role-badge" data-testid="user-role">
          {ROLE_LABELS[user.role]}
        </span>
      </div>
      <nav className="sidebar-nav" aria-label="Sections">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.key}>
              <button
                type="button"
                className={tab.key === activeTab ? 'sidebar-tab sidebar-tab-active' : 'sidebar-tab'}
                aria-current={tab.key === activeTab ? 'page' : undefined}
                data-tab={tab.key}
                onClick={() => onSelect(tab.key)}
              >
                {tab.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className="sidebar-logout" onClick={logout} disabled={leaving}>
        Logout
      </button>
    </aside>
  );
}
