import { useEffect, useState } from 'react';
import { HeaderMessage, useHeaderMessage } from '@/components/header-message/header-message';
import { lazyModal } from '@/components/lazy-view/lazy-modal';
import { namedExport, usePreloadOnceRead } from '@/components/lazy-view/lazy-view';
import { Screen } from '@/components/screen/screen';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useClinicZone } from '@/entities/clinic';
import { clinicLabel, useSession, useSignedInUser } from '@/lib/session';
import type { DeleteReport } from './delete-user/components/delete-user-modal';
import { useUsers } from './list/api/get-users';
import { UsersTable } from './list/components/users-table';
import { USERS_EXTRA_TEXT, USERS_TEXT } from './model/messages';
import type { StaffUser } from './model/user';
import '@/components/table/data-table.css';
import './users.css';

// The modals (the user forms with their schema library, the delete flow) are chunks of their own:
// opened from a button or a row, they are not needed to draw the header and the table, which a
// slow phone would otherwise wait for. The pointer coming over the screen, or the focus coming
// into it, starts their download; so does the browser's first idle moment after the list is read.
const AddUserModal = lazyModal(
  namedExport(() => import('./add-user/components/add-user-modal'), 'AddUserModal'),
  { label: 'Loading the user form…' },
);
const EditUserModal = lazyModal(
  namedExport(() => import('./edit-user/components/edit-user-modal'), 'EditUserModal'),
  { label: 'Loading the user form…' },
);
const DeleteUserModal = lazyModal(
  namedExport(() => import('./delete-user/components/delete-user-modal'), 'DeleteUserModal'),
  { label: 'Loading…' },
);
const preloadModals = () => {
  AddUserModal.preload();
  EditUserModal.preload();
  DeleteUserModal.preload();
};

type OpenModal = { kind: 'add' } | { kind: 'edit'; user: StaffUser } | { kind: 'delete'; user: StaffUser };

/**
 * The Users & Roles screen for one clinic: the header naming who is signed in and the clinic, Add
 * User, and the staff table with Edit and Delete. Outcomes show in the header once the modal has
 * closed.
 */
export function UsersScreen({ clinicId, clinicName }: { clinicId: number; clinicName: string | null }) {
  const me = useSignedInUser();
  const { renameUser } = useSession();
  const users = useUsers(clinicId);
  const { timeZone } = useClinicZone(clinicId);
  const header = useHeaderMessage();
  const [modal, setModal] = useState<OpenModal | null>(null);
  usePreloadOnceRead(!users.isPending, preloadModals);
  // One's own name as the list reads it (another admin may have changed it) is the session's too.
  const ownName = users.data?.find((row) => row.user_id === me.supabase_id)?.name;
  useEffect(() => {
    if (ownName !== undefined) renameUser(me.supabase_id, ownName);
  }, [ownName, me.supabase_id, renameUser]);
  const close = () => setModal(null);
  const done = (message: string) => {
    setModal(null);
    header.showSuccess(message);
  };
  const edited = (message: string, saved: StaffUser) => {
    // One's own new name shows at once in the header and the sidebar.
    if (saved.user_id !== null) renameUser(saved.user_id, saved.name);
    done(message);
  };
  const deleted = (report: DeleteReport) => {
    setModal(null);
    if (report.tone === 'success') header.showSuccess(report.text);
    else header.showError(report.text);
  };

  return (
    <Screen
      className="users-screen"
      headerClassName="users-header"
      titleId="users-title"
      title={USERS_TEXT.title}
      intro={
        <p className="section-note users-whoami" data-testid="users-whoami">
          {USERS_TEXT.header(me.name, me.role, clinicLabel(clinicName), clinicId)}
        </p>
      }
      sticky
      onPointerOver={preloadModals}
      onFocus={preloadModals}
      message={<HeaderMessage message={header.message} onDismiss={header.clear} onExpire={header.expire} />}
      tools={
        <button type="button" className="button button-primary" onClick={() => setModal({ kind: 'add' })}>
          {USERS_TEXT.addUser}
        </button>
      }
    >
      {users.isError ? (
        <ErrorState title={USERS_TEXT.fetchFailed} onRetry={() => void users.refetch()} />
      ) : (
        <UsersTable
          users={users.data ?? []}
          loading={users.isPending}
          timeZone={timeZone}
          currentAuthId={me.supabase_id}
          viewerIsSuperadmin={me.role === 'superadmin'}
          actions={{
            onEdit: (user) => setModal({ kind: 'edit', user }),
            onDelete: (user) => setModal({ kind: 'delete', user }),
          }}
        />
      )}

      {modal?.kind === 'add' ? <AddUserModal clinicId={clinicId} onClose={close} onCreated={done} /> : null}
      {modal?.kind === 'edit' ? (
        <EditUserModal
          key={modal.user.id}
          clinicId={clinicId}
          user={modal.user}
          isSelf={modal.user.user_id === me.supabase_id}
          viewerIsSuperadmin={me.role === 'superadmin'}
          onClose={close}
          onSaved={edited}
        />
      ) : null}
      {modal?.kind === 'delete' ? (
        <DeleteUserModal clinicId={clinicId} user={modal.user} onClose={close} onDone={deleted} />
      ) : null}
    </Screen>
  );
}

/** The screen for the clinic the session works on (the superadmin's choice in the selector, or the user's own). */
export function UsersForActiveClinic() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label={USERS_EXTRA_TEXT.loadingClinic} />;
  return <UsersScreen key={clinic.id} clinicId={clinic.id} clinicName={clinic.name} />;
}
