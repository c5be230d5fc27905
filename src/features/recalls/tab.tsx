import { RecallsView } from './recalls-screen';

/** The Recalls tab's view (src/app/tabs.ts loads it as its own chunk). */
export default function RecallsTab() {
  return <RecallsView />;
}
