/** A procedure of the clinic's price list; the price in integer centavos (src/entities/money/money.ts). */
export interface Procedure {
  readonly id: number;
  readonly categoryId: number;
  readonly name: string;
  readonly priceCentavos: number;
}

/** A procedure category with its procedures, both in name order. */
export interface ProcedureCategory {
  readonly id: number;
  readonly name: string;
  readonly procedures: readonly Procedure[];
}
