import { formatClinicDate } from '@common/clinic-calendar';
import { EditIcon, TrashIcon } from '@/components/icons';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { USERS_EXTRA_TEXT, USERS_TEXT } from '../../model/messages';
import type { StaffUser } from '../../model/user';

export interface UserRowActions {
  onEdit: (user: StaffUser) => void;
  onDelete: (user: StaffUser) => void;
}

/** The date a user was added, as the clinic reads it; a value that is not a time is shown as it came. */
function dateAdded(createdAt: string, timeZone: string): string {
  try {
    return formatClinicDate(createdAt, timeZone);
  } catch {
    return createdAt;
  }
}

/**
 * The Users & Roles table (spec part 2 §2): Name, Email, Role, Date Added (clinic time) and
 * Actions (Edit, Delete), in the order read (newest first), with 'Loading...' and 'No users found.'.
 */
export function UsersTable({
  users,
  loading,
  timeZone,
  currentAuthId,
  actions,
}: {
  users: readonly StaffUser[];
  loading: boolean;
  timeZone: string;
  /** The signed-in user's auth id: their own row says '(you)' and offers no Delete. */
  currentAuthId: string;
  actions: UserRowActions;
}) {
  const columns = USERS_TEXT.columns;
  return (
    <div className="table-scroll">
      <table className="data-table users-table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{USERS_TEXT.title}</caption>
        <colgroup>
          <col className="users-col-name" />
          <col className="users-col-email" />
          <col className="users-col-role" />
          <col className="users-col-date" />
          <col className="users-col-actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.email}</th>
            <th scope="col">{columns.role}</th>
            <th scope="col">{columns.dateAdded}</th>
            <th scope="col" className="align-end">
              {columns.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={5} className="users-state" role="status">
                {USERS_TEXT.loading}
              </td>
            </tr>
          ) : users.length === 0 ? (
            <tr>
              <td colSpan={5} className="users-state">
                {USERS_TEXT.empty}
              </td>
            </tr>
          ) : (
            users.map((user) => {
              const isSelf = user.user_id !== null && user.user_id === currentAuthId;
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
                      <button
                        type="button"
                        className="icon-button"
                        title={USERS_TEXT.edit}
                        aria-label={`${USERS_TEXT.edit} ${user.name}`}
                        onClick={() => actions.onEdit(user)}
                      >
                        <EditIcon />
                      </button>
                      <button
                        type="button"
                        className="icon-button icon-button-danger"
                        title={isSelf ? USERS_EXTRA_TEXT.ownAccount : USERS_TEXT.delete}
                        aria-label={`${USERS_TEXT.delete} ${user.name}`}
                        disabled={isSelf}
                        onClick={() => actions.onDelete(user)}
                      >
                        <TrashIcon />
                      </button>
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
