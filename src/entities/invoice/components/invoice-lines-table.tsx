import { formatPesos } from '@/entities/money';
import { INVOICE_LINE_TEXT, type InvoiceLine } from '../invoice-lines';
import './invoice-lines-table.css';

const COLUMNS = INVOICE_LINE_TEXT.columns;

/**
 * An invoice's lines as a table: item (the database's label), quantity, price, discount and line
 * total, in exact pesos. The receipt and the day sheet print it the same way; `className` adds
 * the screen's own table classes.
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
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.position}>
            <td>{line.label}</td>
            <td className="invoice-lines-number">{line.quantity}</td>
            <td className="invoice-lines-number">{formatPesos(line.unit_price_centavos)}</td>
            <td className="invoice-lines-number">
              {line.discount_centavos === 0 ? '—' : formatPesos(line.discount_centavos)}
            </td>
            <td className="invoice-lines-number">{formatPesos(line.line_total_centavos)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
