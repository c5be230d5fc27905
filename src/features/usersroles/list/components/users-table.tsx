import { formatClinicDate } from '@common/clinic-calendar';
import { IconButton } from '@/components/icon-button';
import { EditIcon, TrashIcon } from '@/components/icons';
import { FixedColumnsHead, PlaceholderRow, type FixedColumn } from '@/components/table/fixed-columns';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import { isOutOfReach, type StaffUser } from '../../model/user';

export interface UserRowActions {
  onEdit: (user: StaffUser) => void;
  onDelete: (user: StaffUser) => void;
}

const COLUMNS: readonly FixedColumn[] = [
  { className: 'users-col-name', header: USERS_TEXT.columns.name },
  { className: 'users-col-email', header: USERS_TEXT.columns.email },
  { className: 'users-col-role', header: USERS_TEXT.columns.role },
  { className: 'users-col-date', header: USERS_TEXT.columns.dateAdded },
  { className: 'users-col-actions', header: USERS_TEXT.columns.actions, alignEnd: true },
];

/** The date a user was added, as the clinic reads it; a value that is not a time is shown as it came. */
function dateAdded(createdAt: string, timeZone: string): string {
  try {
    return formatClinicDate(createdAt, timeZone);
  } catch {
    return createdAt;
  }
}

/**
 * The Users & Roles table: Name, Email, Role, Date Added (clinic time) and
 * Actions (Edit, Delete), in the order read (newest first), with 'Loading...' and 'No users found.'.
 * The superadmin's row offers no action to anyone else: the database refuses them.
 */
export function UsersTable({
  users,
  loading,
  timeZone,
  currentAuthId,
  viewerIsSuperadmin,
  actions,
}: {
  users: readonly StaffUser[];
  loading: boolean;
  timeZone: string;
  /** The signed-in user's auth id: their own row says '(you)' and offers no Delete. */
  currentAuthId: string;
  /** Only the superadmin changes the superadmin's row; for anyone else its actions are disabled. */
  viewerIsSuperadmin: boolean;
  actions: UserRowActions;
}) {
  return (
    <div className="table-scroll">
      <table className="data-table users-table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{USERS_TEXT.title}</caption>
        <FixedColumnsHead columns={COLUMNS} />
        <tbody>
          {loading ? (
            <PlaceholderRow columnCount={COLUMNS.length} className="users-state" role="status">
              {USERS_TEXT.loading}
            </PlaceholderRow>
          ) : users.length === 0 ? (
            <PlaceholderRow columnCount={COLUMNS.length} className="users-state">
              {USERS_TEXT.empty}
            </PlaceholderRow>
          ) : (
            users.map((user) => {
              const isSelf = user.user_id !== null && user.user_id === currentAuthId;
              const protectedRow = isOutOfReach(user, viewerIsSuperadmin);
              return (
                <tr key={user.id}>
                  <td>
                    <TruncatedText className="users-name" text={user.name} />
                    {isSelf ? <span className="users-you"> {USERS_EXTRA_TEXT.you}</span> : null}
                  </td>
                  <td>
                    <TruncatedText className="users-email" text={user.email} />
                  </td>
                  <td>
                    <span className={`role-pill role-pill-${user.role}`}>{user.role}</span>
                  </td>
                  <td className="users-date">{dateAdded(user.created_at, timeZone)}</td>
                  <td className="align-end">
                    <div className="row-actions">
                      <IconButton
                        title={protectedRow ? USERS_EXTRA_TEXT.superadminOnly : USERS_TEXT.edit}
                        label={`${USERS_TEXT.edit} ${user.name}`}
                        disabled={protectedRow}
                        onClick={() => actions.onEdit(user)}
                      >
                        <EditIcon />
                      </IconButton>
                      <IconButton
                        danger
                        title={
                          isSelf
                            ? USERS_EXTRA_TEXT.ownAccount
                            : protectedRow
                              ? USERS_EXTRA_TEXT.superadminOnly
                              : USERS_TEXT.delete
                        }
                        label={`${USERS_TEXT.delete} ${user.name}`}
                        disabled={isSelf || protectedRow}
                        onClick={() => actions.onDelete(user)}
                      >
                        <TrashIcon />
                      </IconButton>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
