/**
 * The cells the reports' CSV files share. Pure.
 */

/** Pesos for a spreadsheet cell: '1234.50' (a number Excel sums), exact from centavos. */
export function pesosCell(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const magnitude = Math.abs(centavos);
  return `${sign}${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}
