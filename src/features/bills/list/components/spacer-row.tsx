/** Stands in for `rows` rows of a windowed table that are not rendered, so its box scrolls as if they were. */
export function SpacerRow({ rows, rowHeight, columns }: { rows: number; rowHeight: number; columns: number }) {
  if (rows <= 0) return null;
  return (
    <tr className="billing-spacer" aria-hidden="true" style={{ height: rows * rowHeight }}>
      <td colSpan={columns} />
    </tr>
  );
}
