import { useState } from 'react';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { can, ROLE_LABELS, type TabKey } from '@/lib/authorization';
import { clinicLabel, useSession, useSignedInUser } from '@/lib/session';
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
