import { useId, useMemo, useState, type ReactElement } from 'react';
import { exportQuery } from '@common/csv/exports';
import { ExportCsvButton } from '@/components/export-button/export-csv-button';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Panel } from '@/components/screen/screen';
import { ErrorState } from '@/components/states/states';
import { DataTable } from '@/components/table/data-table';
import { useClinicZone } from '@/entities/clinic';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditPage } from '../api/get-audit-page';
import { auditFiltersSchema } from '../api/get-audit-page.schema';
import { AUDIT_ENTITIES } from '../audit-display';
import { EMPTY_AUDIT_FILTERS, describeQuery, type AuditQuery } from '../audit-filters';
import { AUDIT_TEXT } from '../messages';
import { auditColumns } from './audit-columns';
import { AuditPager } from './audit-pager';
import { useRefreshWhenClinicSaved } from './use-refresh-when-clinic-saved';
import './audit-trail.css';

const NO_FILTER: AuditQuery = { entity: null, actorUserId: null, since: null, until: null };

/**
 * Clinic Config's 'Audit Trail': every recorded change of the clinic, newest
 * first, filtered by record type, user and clinic dates, a page at a time. Only the clinic's
 * admins and superadmins reach Clinic Config, and only they may read the log (row-level security).
 */
export function AuditTrailSection({ clinicId }: { clinicId: number }): ReactElement {
  const formId = useId();
  const { timeZone } = useClinicZone(clinicId);
  const schema = useMemo(() => auditFiltersSchema(timeZone), [timeZone]);
  const form = useZodForm(schema, { defaultValues: EMPTY_AUDIT_FILTERS });
  const errors = form.formState.errors;
  const [query, setQuery] = useState<AuditQuery>(NO_FILTER);
  const [page, setPage] = useState(0);
  const entries = useAuditPage(clinicId, query, page);
  const actors = useAuditActors(clinicId);
  useRefreshWhenClinicSaved(clinicId);

  const apply = form.handleSubmit((checked) => {
    setQuery(checked);
    setPage(0);
  });

  const filtered = query.entity !== null || query.actorUserId !== null || query.since !== null || query.until !== null;
  // The export holds what the applied filters select (every page, not only this one).
  const exportParams = useMemo(
    () =>
      exportQuery<'audit'>(clinicId, {
        entity: query.entity,
        actor: query.actorUserId,
        since: query.since,
        until: query.until,
      }),
    [clinicId, query],
  );
  const actorName = (userId: string) => actors.data?.find((actor) => actor.userId === userId)?.label ?? userId;
  const columns = auditColumns(timeZone);

  let body: ReactElement;
  if (entries.isError && !entries.data)
    body = <ErrorState title={AUDIT_TEXT.loadFailed} onRetry={() => void entries.refetch()} />;
  else {
    const current = entries.data;
    body = (
      <>
        {entries.isError ? (
          <p className="form-message form-message-error" role="alert">
            {AUDIT_TEXT.loadFailed}
          </p>
        ) : null}
        <DataTable
          caption={AUDIT_TEXT.table}
          columns={columns}
          rows={current?.entries ?? []}
          rowKey={(row) => row.id}
          loading={entries.isPending}
          emptyText={filtered ? AUDIT_TEXT.noMatch : AUDIT_TEXT.empty}
        />
        {current && (page > 0 || current.hasOlder) ? (
          <AuditPager page={page} hasOlder={current.hasOlder} fetching={entries.isFetching} onPage={setPage} />
        ) : null}
      </>
    );
  }

  const dateField = (name: 'from' | 'to', label: string) => {
    const error = errors[name]?.message;
    return (
      <Field id={`${formId}-${name}`} label={label} error={error}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            {...form.register(name, { onChange: () => form.clearErrors(name) })}
          />
        )}
      </Field>
    );
  };

  return (
    <Panel
      card
      level={3}
      className="audit-trail"
      title={AUDIT_TEXT.title}
      intro={<p className="section-note">{AUDIT_TEXT.intro}</p>}
      tools={
        <div className="audit-trail-actions audit-no-print">
          <button
            type="button"
            className="button button-secondary"
            disabled={entries.isFetching}
            onClick={() => {
              void entries.refetch();
              void actors.refetch();
            }}
          >
            {AUDIT_TEXT.refresh}
          </button>
          <button type="button" className="button button-secondary" onClick={printAuditTrail}>
            {AUDIT_TEXT.print}
          </button>
          <ExportCsvButton
            path="/api/exports/audit.csv"
            query={exportParams}
            accessibleLabel={AUDIT_TEXT.exportLabel}
            fallbackFileName="audit.csv"
          />
        </div>
      }
    >
      {filtered ? (
        <p className="audit-print-only">{AUDIT_TEXT.printFilters(describeQuery(query, actorName, timeZone))}</p>
      ) : null}
      <form
        className="audit-filters audit-no-print"
        aria-label={AUDIT_TEXT.filters}
        onSubmit={(event) => void apply(event)}
        noValidate
      >
        <SelectField
          id={`${formId}-entity`}
          label={AUDIT_TEXT.entity}
          placeholder={AUDIT_TEXT.allEntities}
          options={AUDIT_ENTITIES}
          {...form.register('entity')}
        />
        <SelectField
          id={`${formId}-actor`}
          label={AUDIT_TEXT.user}
          placeholder={AUDIT_TEXT.allUsers}
          options={(actors.data ?? []).map((actor) => ({ value: actor.userId, label: actor.label }))}
          {...form.register('actor')}
        />
        {dateField('from', AUDIT_TEXT.from)}
        {dateField('to', AUDIT_TEXT.to)}
        <div className="audit-filter-actions">
          <button type="submit" className="button button-primary">
            {AUDIT_TEXT.apply}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              form.reset(EMPTY_AUDIT_FILTERS);
              void apply();
            }}
          >
            {AUDIT_TEXT.clear}
          </button>
        </div>
      </form>
      {actors.isError ? <p className="section-note">{AUDIT_TEXT.actorsFailed}</p> : null}
      {body}
    </Panel>
  );
}

/**
 * Print: only the Audit Trail goes on paper (audit-trail.css hides the rest of the page while the
 * body has the class), the page on screen with its filters named; a print of the page by the
 * browser's own menu is unchanged.
 */
export function printAuditTrail(): void {
  document.body.classList.add(PRINTING_CLASS);
  const done = () => {
    document.body.classList.remove(PRINTING_CLASS);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

export const PRINTING_CLASS = 'printing-audit-trail';
