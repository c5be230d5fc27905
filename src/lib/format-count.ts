/** A count as every screen writes it, with thousands separators: 10,000. */
export const formatCount = (count: number) => count.toLocaleString('en-US');
