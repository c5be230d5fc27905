import { ErrorState } from '@/components/states/states';
import { canSeeTab } from '@/lib/authorization';
import { useSignedInUser } from '@/lib/session';
import { WaitlistForActiveClinic } from './waitlist-screen';

/** The Waitlist tab (src/app/tabs.ts loads it as its own chunk): the front desk only, checked again here. */
export default function WaitlistTab() {
  const user = useSignedInUser();
  if (!canSeeTab(user.role, 'waitlist')) return <ErrorState title="You do not have access to this tab." />;
  return <WaitlistForActiveClinic />;
}
