import { IconButton } from '@/components/icon-button';
import { CalendarIcon, EditIcon, TrashIcon } from '@/components/icons';
import { DataTable, type Column } from '@/components/table/data-table';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { failureDetail } from '../../model/failure-detail';
import { DENTIST_TEXT } from '../../model/messages';
import { dentistKeys } from '../../model/query-keys';
import { useToggleDentistStatus } from '../api/toggle-dentist-status';
import { DENTIST_LIST_EXTRA_TEXT, DENTIST_LIST_TEXT } from '../messages';

export interface DentistRowActions {
  onManageAvailability: (dentist: Dentist) => void;
  onEdit: (dentist: Dentist) => void;
  onDelete: (dentist: Dentist) => void;
}

/**
 * The Dentists table: sorted by name, with the Status toggle (one toggle at a time per row,
 * reported through `onSuccess`/`onError`) and the row actions, which the screen answers by opening
 * its modals.
 */
export function DentistsTable({
  dentists,
  loading,
  actions,
  onSuccess,
  onError,
}: {
  dentists: readonly Dentist[];
  loading: boolean;
  actions: DentistRowActions;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}) {
  const status = useToggleDentistStatus();

  async function onToggle(dentist: Dentist) {
    try {
      const active = await status.mutateAsync(dentist);
      if (active === ALREADY_PENDING) return;
      onSuccess(active ? DENTIST_LIST_TEXT.markedActive : DENTIST_LIST_TEXT.markedInactive);
    } catch (error) {
      console.error('Ngiti: toggling a dentist failed', error);
      const detail = failureDetail(error);
      onError(detail ? `${DENTIST_LIST_TEXT.toggleFailed} ${detail}` : DENTIST_LIST_TEXT.toggleFailed);
    }
  }

  // Fixed column widths (dentists.css sets table-layout: fixed and the widths, by screen size): an
  // ordinary name is read whole at 820 px; a 200-character name or a long address is cut with an
  // ellipsis and shown whole on focus or a tap, never widening the table.
  const columns: Column<Dentist>[] = [
    {
      key: 'name',
      header: 'Name',
      colClassName: 'dentists-col-name',
      render: (dentist) => <TruncatedText className="dentist-name" text={dentist.name} />,
    },
    {
      key: 'email',
      header: 'Email',
      colClassName: 'dentists-col-email',
      render: (dentist) => <TruncatedText className="dentist-email" text={dentist.email} />,
    },
    {
      key: 'phone',
      header: 'Phone',
      colClassName: 'dentists-col-phone',
      render: (dentist) => <TruncatedText className="dentist-phone" text={dentist.phone} />,
    },
    {
      key: 'status',
      header: 'Status',
      colClassName: 'dentists-col-status',
      render: (dentist) => (
        <button
          type="button"
          className={`status-toggle ${dentist.is_active ? 'status-toggle-active' : 'status-toggle-inactive'}`}
          title={`Click to mark as ${dentist.is_active ? DENTIST_LIST_TEXT.inactive : DENTIST_LIST_TEXT.active}`}
          aria-busy={status.isPendingFor(dentistKeys.toggleStatus(dentist.id)) || undefined}
          onClick={() => void onToggle(dentist)}
        >
          {dentist.is_active ? DENTIST_LIST_TEXT.active : DENTIST_LIST_TEXT.inactive}
        </button>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      colClassName: 'dentists-col-actions',
      render: (dentist) => (
        <div className="row-actions">
          <IconButton
            title={DENTIST_LIST_TEXT.manageAvailability}
            label={`${DENTIST_LIST_TEXT.manageAvailability}: ${dentist.name}`}
            onClick={() => actions.onManageAvailability(dentist)}
          >
            <CalendarIcon />
          </IconButton>
          <IconButton title="Edit" label={`Edit ${dentist.name}`} onClick={() => actions.onEdit(dentist)}>
            <EditIcon />
          </IconButton>
          <IconButton danger title="Delete" label={`Delete ${dentist.name}`} onClick={() => actions.onDelete(dentist)}>
            <TrashIcon />
          </IconButton>
        </div>
      ),
    },
  ];

  return (
    <DataTable
      caption={DENTIST_TEXT.title}
      columns={columns}
      rows={dentists}
      rowKey={(dentist) => dentist.id}
      loading={loading}
      emptyText={DENTIST_LIST_EXTRA_TEXT.empty}
    />
  );
}
