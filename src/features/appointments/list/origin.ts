/**
 * The Origin column: 'Messenger' when `booking_origin` mentions messenger (any letter case),
 * 'System' when it is empty, the stored value otherwise.
 */
export function originLabel(bookingOrigin: string | null | undefined): string {
  if (bookingOrigin == null || bookingOrigin.trim() === '') return 'System';
  if (bookingOrigin.toLowerCase().includes('messenger')) return 'Messenger';
  return bookingOrigin;
}
