import { TAB_TITLES } from '@/lib/authorization';

/** The Procedures tab's texts, word for word from the spec. */
export const PROCEDURES_TEXT = {
  title: TAB_TITLES.procedures,
  addCategory: 'Add Category',
  columns: { procedure: 'Procedure', price: 'Price', actions: 'Actions' },
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  add: 'Add',
  loading: 'Loading...',
  deleteConfirm: 'Are you sure you want to delete this procedure?',
} as const;

/**
 * Texts the spec does not give: its validation names the rules only, and it ignores database
 * errors, where this tab tells what failed: a silently lost price change is worse than a message
 * (docs/adr/0025-where-the-spec-is-silent.md).
 */
export const PROCEDURES_EXTRA_TEXT = {
  newCategoryLabel: 'New category name',
  /** The field a procedure's or category's length note names. */
  nameLimitLabel: 'Name',
  newCategoryPlaceholder: 'e.g. Restorative',
  noCategories: 'No procedure categories yet.',
  noCategoriesHint: 'Add a category above, then add its procedures and prices.',
  noProcedures: 'No procedures in this category yet.',
  loadFailed: 'Could not load the procedures.',
  retry: 'Retry',
  deleteTitle: 'Delete procedure?',
  deleteConfirmButton: 'Yes, delete',
  saving: 'Saving...',
  categoryAdded: 'Category added.',
  procedureAdded: 'Procedure added.',
  procedureSaved: 'Procedure saved.',
  procedureDeleted: 'Procedure deleted.',
  newProcedureNameLabel: (category: string) => `New procedure name in ${category}`,
  newProcedurePriceLabel: (category: string) => `New procedure price in ${category}`,
  addProcedureLabel: (category: string) => `Add procedure to ${category}`,
  editNameLabel: (procedure: string) => `Name of ${procedure}`,
  editPriceLabel: (procedure: string) => `Price of ${procedure}`,
  editLabel: (procedure: string) => `Edit ${procedure}`,
  deleteLabel: (procedure: string) => `Delete ${procedure}`,
  saveLabel: (procedure: string) => `Save ${procedure}`,
  cancelLabel: (procedure: string) => `Cancel editing ${procedure}`,
  tableLabel: (category: string) => `${category} procedures`,
  newProcedurePlaceholder: 'New procedure',
  /** The procedure changed elsewhere while its row was open (docs/adr/0023-concurrent-edits.md). */
  changedMeanwhile:
    'Someone else changed this procedure while you were editing. The row now shows their changes, with yours kept: check it, then save again.',
} as const;

/** What a refused name or price is told; nothing is sent then. */
export const PROCEDURES_PROBLEM_TEXT = {
  categoryNameRequired: 'Category name is required.',
  procedureNameRequired: 'Procedure name is required.',
  categoryRequired: 'Procedure category is required.',
  nameTooLong: (max: number) => `Name can be at most ${max} characters.`,
  categoryExists: 'A category with this name already exists.',
  procedureExists: 'A procedure with this name already exists in this category.',
  priceRequired: 'Price is required.',
  priceNotANumber: 'Price must be a number of pesos, like 1,500 or 1500.50.',
  priceRange: 'Price must be 0 or more, with at most 2 decimals.',
  priceTooLarge: 'Price can be at most ₱9,999,999,999.99.',
} as const;

/** What a failed request is told, with what the user typed kept. */
export const PROCEDURES_FAILURE_TEXT = {
  addCategory: 'Could not add the category.',
  addProcedure: 'Could not add the procedure.',
  saveProcedure: 'Could not save the procedure.',
  deleteProcedure: 'Could not delete the procedure.',
  unreachable: 'The server could not be reached. Please check your connection and try again.',
  forbidden: 'Your role may not change procedures.',
  gone: 'It was deleted meanwhile; the list has been refreshed.',
  refused: 'The database refused the value.',
  tryAgain: 'Please try again.',
} as const;
