import { ErrorState } from '@/components/states/states';
import { canSeeTab } from '@/lib/authorization';
import { useSignedInUser } from '@/lib/session';
import { USERS_EXTRA_TEXT } from './model/messages';
import { UsersForActiveClinic } from './users-screen';

/** The Users & Roles tab: superadmin and admin only, checked again here. */
export default function UsersTab() {
  const user = useSignedInUser();
  if (!canSeeTab(user.role, 'usersroles')) return <ErrorState title={USERS_EXTRA_TEXT.noAccess} />;
  return <UsersForActiveClinic />;
}
