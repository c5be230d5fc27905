/** The Dentists table's order: by name, case-insensitively, on the client. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy; ties (same name but for case) keep a stable order by id. The input is not changed. */
export function sortDentistsByName<T extends { id: number; name: string }>(dentists: readonly T[]): T[] {
  return [...dentists].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
