import { formatPesos } from '@/entities/money';
import { INVOICE_LINE_TEXT, type InvoiceLine } from '../invoice-lines';
import './invoice-lines-table.css';

const COLUMNS = INVOICE_LINE_TEXT.columns;

/**
 * An invoice's lines as a table: item (the database's label), quantity, price, discount and line
 * total, in exact pesos; with the HMO's share and the patient's share when an HMO pays any of it.
 * The receipt and the day sheet print it the same way; `className` adds the screen's own table
 * classes. On paper or a screen too narrow for the columns (an 80 mm receipt roll), each line
 * stacks: its item, then each amount after its column's name (`data-label`).
 */
export function InvoiceLinesTable({
  lines,
  caption,
  className = '',
}: {
  lines: readonly InvoiceLine[];
  caption: string;
  className?: string;
}) {
  const shared = lines.some((line) => line.hmo_share_centavos > 0);
  return (
    <table className={`invoice-lines ${className}`.trim()}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{COLUMNS.item}</th>
          <th scope="col" className="invoice-lines-number">
            {COLUMNS.quantity}
          </th>
          <th scope="col" className="invoice-lines-number">
            {COLUMNS.price}
          </th>
          <th scope="col" className="invoice-lines-number">
            {COLUMNS.discount}
          </th>
          <th scope="col" className="invoice-lines-number">
            {COLUMNS.lineTotal}
          </th>
          {shared ? (
            <>
              <th scope="col" className="invoice-lines-number">
                {COLUMNS.hmoShare}
              </th>
              <th scope="col" className="invoice-lines-number">
                {COLUMNS.patientShare}
              </th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.position}>
            <td>{line.label}</td>
            <td className="invoice-lines-number" data-label={COLUMNS.quantity}>
              {line.quantity}
            </td>
            <td className="invoice-lines-number" data-label={COLUMNS.price}>
              {formatPesos(line.unit_price_centavos)}
            </td>
            <td className="invoice-lines-number" data-label={COLUMNS.discount}>
              {line.discount_centavos === 0 ? '—' : formatPesos(line.discount_centavos)}
            </td>
            <td className="invoice-lines-number" data-label={COLUMNS.lineTotal}>
              {formatPesos(line.line_total_centavos)}
            </td>
            {shared ? (
              <>
                <td className="invoice-lines-number" data-label={COLUMNS.hmoShare}>
                  {formatPesos(line.hmo_share_centavos)}
                </td>
                <td className="invoice-lines-number" data-label={COLUMNS.patientShare}>
                  {formatPesos(line.patient_share_centavos)}
                </td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
