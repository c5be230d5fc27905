import { AVAILMENT_LINK_TEXT } from '../messages';

/** The availment form's address: /availment/:invoiceId (src/app/route-rules.ts). */
export const availmentPath = (invoiceId: number) => `/availment/${invoiceId}`;

/**
 * 'Availment form' on an invoice billed to an HMO: the form in a new tab, where it prints, as
 * 'Print receipt' opens a receipt. The new tab signs in from the stored session.
 */
export function AvailmentFormLink({ invoiceId }: { invoiceId: number }) {
  return (
    <a
      className="button-link availment-form-link"
      href={availmentPath(invoiceId)}
      target="_blank"
      rel="noopener"
      title={AVAILMENT_LINK_TEXT.linkOf(invoiceId)}
    >
      {AVAILMENT_LINK_TEXT.link}
    </a>
  );
}
