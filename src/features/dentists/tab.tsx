import { ErrorState } from '@/components/states/states';
import { canSeeTab } from '@/lib/authorization';
import { useSignedInUser } from '@/lib/session';
import { DentistsForActiveClinic } from './dentists-screen';

/** The Dentists tab: superadmin, admin and receptionist only, checked again here. */
export default function DentistsTab() {
  const user = useSignedInUser();
  if (!canSeeTab(user.role, 'dentists')) return <ErrorState title="You do not have access to this tab." />;
  return <DentistsForActiveClinic />;
}
