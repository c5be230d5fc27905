import { Router, type Request, type Response } from 'express';
import { clinicToday } from '@common/clinic-calendar';
import { hasPermission, type Permission } from '@common/contract';
import type { CsvColumn } from '@common/csv';
import {
  APPOINTMENT_EXPORT_COLUMNS,
  AUDIT_EXPORT_COLUMNS,
  exportFileName,
  INVOICE_EXPORT_COLUMNS,
  isExportKind,
  matchesPatientName,
  matchesPatientQuery,
  PATIENT_EXPORT_COLUMNS,
  PAYMENT_EXPORT_COLUMNS,
  type ExportFilters,
  type ExportKind,
} from '@common/csv/exports';
import type { Caller, RouterFactory, ServiceDatabase, SqlClient } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError, NOT_FOUND } from '../http/errors';
import { streamCsv } from './csv-stream';
import { parseExportQuery } from './export-filters';
import {
  appointmentPager,
  auditPager,
  invoicePager,
  loadExportClinic,
  patientPager,
  paymentPager,
  type ExportClinic,
  type ExportPager,
} from './export-store';

export const EXPORT_ERRORS = {
  clinicNotFound: 'That clinic does not exist.',
  notAllowed: 'Your role cannot export this list.',
} as const;

/**
 * Who may export what: whoever may read the list (Patients, Appointments and Billing are every staff
 * role's; the Audit Trail is the admins'); row-level security then decides the rows.
 */
const EXPORT_PERMISSIONS: Record<ExportKind, Permission> = {
  patients: 'patients.read',
  appointments: 'appointments.read',
  invoices: 'billing.read',
  payments: 'billing.read',
  audit: 'audit.read',
};

/** One export's columns, its pages and the rows it keeps (the search boxes match in code, as on screen). */
interface ExportSource<Row> {
  columns: readonly CsvColumn<Row>[];
  pager: ExportPager<Row>;
  keep: (row: Row) => boolean;
}

/** A typed source, once its columns, pages and filter agree, handed to the untyped streaming loop. */
const erased = <Row>(source: ExportSource<Row>) => source as unknown as ExportSource<unknown>;

function sourceOf(
  kind: ExportKind,
  db: ServiceDatabase,
  caller: Caller,
  clinic: ExportClinic,
  filters: ExportFilters[ExportKind],
): ExportSource<unknown> {
  switch (kind) {
    case 'patients': {
      const { q } = filters as ExportFilters['patients'];
      return erased({
        columns: PATIENT_EXPORT_COLUMNS,
        pager: patientPager(db, caller, clinic.id),
        keep: (row) => matchesPatientQuery(row, q),
      });
    }
    case 'appointments':
      return erased({
        columns: APPOINTMENT_EXPORT_COLUMNS,
        pager: appointmentPager(db, caller, clinic, filters as ExportFilters['appointments']),
        keep: () => true,
      });
    case 'invoices': {
      const invoiceFilters = filters as ExportFilters['invoices'];
      return erased({
        columns: INVOICE_EXPORT_COLUMNS,
        pager: invoicePager(db, caller, clinic.id, invoiceFilters),
        keep: (row) => matchesPatientName(row.patient_name, invoiceFilters.q),
      });
    }
    case 'audit':
      return erased({
        columns: AUDIT_EXPORT_COLUMNS,
        pager: auditPager(db, caller, clinic, filters as ExportFilters['audit']),
        keep: () => true,
      });
    case 'payments': {
      const { q } = filters as ExportFilters['payments'];
      return erased({
        columns: PAYMENT_EXPORT_COLUMNS,
        pager: paymentPager(db, caller, clinic),
        keep: (row) => matchesPatientName(row.patient_name, q),
      });
    }
  }
}

/**
 * The export in the audit trail (audit_record_export in
 * supabase/migrations/…_audit.sql): who exported which list of which clinic,
 * with what filters, and how many rows (null when the client went away before the end).
 */
export async function recordExport(
  db: SqlClient,
  entry: { clinicId: number; caller: Caller; kind: string; rows: number | null; filters: object },
): Promise<void> {
  await db.query('select public.audit_record_export($1, $2, $3, $4, $5)', [
    entry.clinicId,
    entry.caller.userId,
    entry.kind,
    entry.rows,
    JSON.stringify(entry.filters),
  ]);
}

/**
 * GET /api/exports/{patients|appointments|invoices|payments}.csv?clinicId=…&<filters>: the tab's
 * list as a CSV file (@common/csv: UTF-8 with BOM, RFC 4180, CRLF, formulas guarded), streamed a
 * page at a time with backpressure, read under the caller's row-level security. The first page is
 * read before the answer starts, so a failure there is still a JSON `{error}`; a failure later
 * cuts the connection (the download fails rather than looking complete) and is still recorded.
 */
export const createExportRouter: RouterFactory = (deps) => {
  const router = Router();
  router.get('/:file', requireCaller(deps.callers), async (req: Request, res: Response) => {
    const caller = callerOf(res);
    const match = /^([a-z]+)\.csv$/.exec(String(req.params.file));
    const kind = match?.[1];
    if (!kind || !isExportKind(kind)) throw new HttpError(404, NOT_FOUND);
    const parsed = parseExportQuery(kind, req.query as Record<string, unknown>);
    if (!parsed.ok) throw new HttpError(400, parsed.error);
    const { clinicId, filters } = parsed.value;
    assertClinicAccess(caller, clinicId);
    if (!hasPermission(caller.role, EXPORT_PERMISSIONS[kind])) throw new HttpError(403, EXPORT_ERRORS.notAllowed);
    const clinic = await loadExportClinic(deps.db, clinicId);
    if (!clinic) throw new HttpError(404, EXPORT_ERRORS.clinicNotFound);

    const source = sourceOf(kind, deps.db, caller, clinic, filters);
    const first = await source.pager.next();
    const fileName = exportFileName(kind, clinic.name, clinicToday(deps.clock.now(), clinic.timeZone));
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      // The SPA runs on another origin in production: let it read the file's name.
      'Access-Control-Expose-Headers': 'Content-Disposition',
    });
    let recorded = false;
    // A complete file is on the record before its last byte is sent; one the client left is recorded after.
    const record = async (rows: number | null) => {
      await recordExport(deps.db, { clinicId, caller, kind, rows, filters });
      recorded = true;
    };
    try {
      const rows = await streamCsv(res, source.columns, first, source.pager, source.keep, record);
      deps.logger.info({ kind, clinicId, rows, complete: rows !== null }, 'export streamed');
      if (rows === null) await record(null);
    } catch (error) {
      deps.logger.error({ err: error, kind, clinicId }, 'export failed after the answer started');
      res.destroy();
      // Rows may have reached the client before a later page failed: the export is on the record
      // anyway, as one that did not end (no row count).
      if (!recorded)
        await record(null).catch((recordError: unknown) =>
          deps.logger.error({ err: recordError, kind, clinicId }, 'an export that broke off could not be recorded'),
        );
    }
  });
  return router;
};
