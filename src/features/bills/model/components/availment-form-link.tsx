import { AVAILMENT_LINK_TEXT } from '../messages';
import { PrintablePageLink } from './printable-page-link';

/** The availment form's address: /availment/:invoiceId (src/app/route-rules.ts). */
export const availmentPath = (invoiceId: number) => `/availment/${invoiceId}`;

/** 'Availment form' on an invoice billed to an HMO: the form in a new tab, as a receipt opens. */
export function AvailmentFormLink({ invoiceId }: { invoiceId: number }) {
  return (
    <PrintablePageLink
      href={availmentPath(invoiceId)}
      label={AVAILMENT_LINK_TEXT.link}
      title={AVAILMENT_LINK_TEXT.linkOf(invoiceId)}
      className="availment-form-link"
    />
  );
}
