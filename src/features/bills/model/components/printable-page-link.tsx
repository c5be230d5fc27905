/**
 * A link that opens one of the pages made to print (a receipt, an availment form) in a new tab,
 * where it prints; the list stays as it was. The new tab signs in from the stored session.
 */
export function PrintablePageLink({
  href,
  label,
  title,
  className,
}: {
  href: string;
  label: string;
  /** Says what opens, and that it opens in a new tab. */
  title: string;
  className: string;
}) {
  return (
    <a className={`button-link ${className}`} href={href} target="_blank" rel="noopener" title={title}>
      {label}
    </a>
  );
}
