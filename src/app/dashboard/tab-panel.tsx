import { ErrorBoundary } from '@/components/error-boundary';
import { ErrorState } from '@/components/states/states';
import { canSeeTab } from '@/lib/authorization';
import { useSignedInUser } from '@/lib/session';
import { TABS } from '../tabs';

/** Renders the active tab's view, after checking again that the user's role may see it. */
export function TabPanel({ tabKey }: { tabKey: (typeof TABS)[number]['key'] }) {
  const user = useSignedInUser();
  const tab = TABS.find((candidate) => candidate.key === tabKey);
  if (!tab || !canSeeTab(user.role, tabKey)) {
    return <ErrorState title="You do not have access to this tab." />;
  }
  const View = tab.View;
  return (
    <div id={`tabpanel-${tab.key}`} className="tab-panel">
      <ErrorBoundary resetKey={tab.key}>
        <View />
      </ErrorBoundary>
    </div>
  );
}
