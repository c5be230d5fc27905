import { createContext, useContext } from 'react';
import type { TabKey } from './authorization';

/** The dashboard's active tab; tabs are not URL routes, so views switch through this. */
export interface DashboardContextValue {
  activeTab: TabKey;
  selectTab(tab: TabKey): void;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard is used outside the dashboard');
  return value;
}
