import { PatientsView } from './patients-screen';

/** The Patients tab's view (src/app/tabs.ts loads it as its own chunk). */
export default function PatientsTab() {
  return <PatientsView />;
}
