import { ClinicConfigView } from './clinics-screen';

/** The Clinic Config tab's view (src/app/tabs.ts loads it as its own chunk). */
export default function ClinicConfigTab() {
  return <ClinicConfigView />;
}
