import { ProceduresView } from './procedures-screen';

/** The Procedures tab's view (src/app/tabs.ts loads it as its own chunk). */
export default function ProceduresTab() {
  return <ProceduresView />;
}
