import { ErrorState } from '@/components/states/states';
import { canSeeTab } from '@/lib/authorization';
import { useSignedInUser } from '@/lib/session';
import { AppointmentsForActiveClinic } from './appointments-screen';

/** The Appointments tab: every role, checked again at render like the other tabs. */
export default function AppointmentsTab() {
  const user = useSignedInUser();
  if (!canSeeTab(user.role, 'appointments')) return <ErrorState title="You do not have access to this tab." />;
  return <AppointmentsForActiveClinic />;
}
