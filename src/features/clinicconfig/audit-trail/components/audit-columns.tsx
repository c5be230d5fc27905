import { formatClinicDateTime } from '@common/clinic-calendar';
import type { Column } from '@/components/table/data-table';
import type { AuditEntry } from '../api/get-audit-page';
import { SOURCE_LABELS, actorLabel, actorRoleLabel, describeAction, fieldChanges } from '../audit-display';
import { AUDIT_TEXT } from '../messages';

/** The Audit Trail table's columns: when, who, how, what, and each changed field (clinic time). */
export function auditColumns(timeZone: string): Column<AuditEntry>[] {
  return [
    {
      key: 'when',
      header: AUDIT_TEXT.when,
      render: (row) => <span className="audit-when">{formatClinicDateTime(row.occurred_at, timeZone)}</span>,
    },
    {
      key: 'who',
      header: AUDIT_TEXT.who,
      render: (row) => {
        const role = actorRoleLabel(row.actor_role);
        return (
          <>
            <span className="audit-actor">{actorLabel(row)}</span>
            {role ? <span className="audit-actor-role"> {role}</span> : null}
          </>
        );
      },
    },
    { key: 'source', header: AUDIT_TEXT.source, render: (row) => SOURCE_LABELS[row.source] },
    {
      key: 'what',
      header: AUDIT_TEXT.what,
      render: (row) => (
        <>
          <span className="audit-action">{describeAction(row.entity, row.action)}</span>
          {row.entity_label ? <span className="audit-subject"> {row.entity_label}</span> : null}
          {row.client_address ? (
            <span className="audit-address"> {AUDIT_TEXT.addressFrom(row.client_address)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'changes',
      header: AUDIT_TEXT.changes,
      render: (row) => {
        const changes = fieldChanges(row, timeZone);
        if (changes.length === 0) return <span className="audit-muted">{AUDIT_TEXT.noChanges}</span>;
        return (
          <ul className="audit-changes">
            {changes.map((change) => (
              <li key={change.field}>
                <span className="audit-field">{change.label}:</span>{' '}
                {change.before !== null && change.after !== null
                  ? `${change.before} → ${change.after}`
                  : (change.after ?? change.before)}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
}
