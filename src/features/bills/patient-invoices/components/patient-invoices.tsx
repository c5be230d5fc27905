import { LoadingState } from '@/components/states/states';
import { formatBalance, formatPesos } from '@/entities/money';
import type { PatientInvoicesProps } from '@/lib/feature-slots';
import { AvailmentFormLink } from '../../model/components/availment-form-link';
import { InvoiceStatusBadge } from '../../model/components/invoice-status-badge';
import { usePatientInvoices, type PatientInvoice } from '../api/get-patient-invoices';
import { balanceDueCentavos } from '../balance-due';
import { PATIENT_INVOICES_TEXT } from '../messages';
import '@/components/table/data-table.css';
import './patient-invoices.css';

const COLUMNS = PATIENT_INVOICES_TEXT.columns;

function InvoicesTable({ invoices }: { invoices: readonly PatientInvoice[] }) {
  return (
    <div className="patient-invoices-scroll" tabIndex={0} role="region" aria-label={PATIENT_INVOICES_TEXT.heading}>
      <table className="data-table patient-invoices-table">
        <thead>
          <tr>
            <th scope="col">{COLUMNS.id}</th>
            <th scope="col" className="money">
              {COLUMNS.total}
            </th>
            <th scope="col" className="money">
              {COLUMNS.paid}
            </th>
            <th scope="col" className="money">
              {COLUMNS.balance}
            </th>
            <th scope="col">{COLUMNS.status}</th>
            <th scope="col">{COLUMNS.forms}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const voided = invoice.voided_at !== null;
            return (
              <tr key={invoice.id} className={voided ? 'is-voided' : undefined}>
                <td>
                  {invoice.id}
                  {voided ? <span className="visually-hidden"> {PATIENT_INVOICES_TEXT.voided}</span> : null}
                </td>
                <td className="money">{formatPesos(invoice.total_centavos)}</td>
                <td className="money">{formatPesos(invoice.paid_centavos)}</td>
                <td className="money">{formatBalance(invoice.balance_centavos)}</td>
                <td>
                  <InvoiceStatusBadge status={invoice.status} voided={voided} />
                </td>
                <td>{invoice.hmo_share_centavos > 0 ? <AvailmentFormLink invoiceId={invoice.id} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** 'Balance due: ₱1,250.25', or 'Credit: ₱0.05' when the patient paid beyond the totals. */
function balanceSummary(centavos: number): string {
  return centavos < 0
    ? PATIENT_INVOICES_TEXT.credit(formatPesos(-centavos))
    : PATIENT_INVOICES_TEXT.balanceDue(formatPesos(centavos));
}

/**
 * The 'Invoices' section of a patient's history (Patients tab): each invoice with its total, paid,
 * balance and status as the database computes them, and the balance due over the invoices that
 * are not void.
 */
export function PatientInvoices({ clinicId, patientId }: PatientInvoicesProps) {
  const invoices = usePatientInvoices(clinicId, patientId);
  let body;
  if (invoices.isError && !invoices.data) {
    body = (
      <div className="patient-invoices-failed" role="alert">
        <p>{PATIENT_INVOICES_TEXT.failed}</p>
        <button type="button" className="button button-secondary" onClick={() => void invoices.refetch()}>
          {PATIENT_INVOICES_TEXT.retry}
        </button>
      </div>
    );
  } else if (!invoices.data) {
    body = <LoadingState label={PATIENT_INVOICES_TEXT.loading} />;
  } else if (invoices.data.length === 0) {
    body = <p className="patient-invoices-empty">{PATIENT_INVOICES_TEXT.empty}</p>;
  } else {
    body = (
      <>
        <InvoicesTable invoices={invoices.data} />
        <p className="patient-invoices-due" data-testid="balance-due">
          {balanceSummary(balanceDueCentavos(invoices.data))}
        </p>
      </>
    );
  }
  return (
    <section className="patient-invoices">
      <h3 className="patient-invoices-heading">{PATIENT_INVOICES_TEXT.heading}</h3>
      {body}
    </section>
  );
}
