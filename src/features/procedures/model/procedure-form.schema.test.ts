import { describe, expect, it } from 'vitest';
import { PROCEDURES_PROBLEM_TEXT } from './messages';
import { procedureFormSchema } from './procedure-form.schema';

const category = { id: 7, procedures: [{ id: 70, name: 'Composite Filling' }] };

const issuesOf = (result: ReturnType<ReturnType<typeof procedureFormSchema>['safeParse']>) =>
  result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe('procedureFormSchema', () => {
  it('reads a name and a price into the category, the name trimmed and the price in centavos', () => {
    expect(procedureFormSchema(category).parse({ name: '  Root Canal ', price: '1,500.50' })).toEqual({
      categoryId: 7,
      name: 'Root Canal',
      priceCentavos: 150_050,
    });
  });

  it("refuses each field with readProcedureForm's message, on that field", () => {
    expect(issuesOf(procedureFormSchema(category).safeParse({ name: ' ', price: '' }))).toEqual([
      { path: ['name'], message: PROCEDURES_PROBLEM_TEXT.procedureNameRequired },
      { path: ['price'], message: PROCEDURES_PROBLEM_TEXT.priceRequired },
    ]);
  });

  it('refuses a name the category already has, but not the procedure being edited keeping its own', () => {
    expect(issuesOf(procedureFormSchema(category).safeParse({ name: 'composite filling', price: '0' }))).toEqual([
      { path: ['name'], message: PROCEDURES_PROBLEM_TEXT.procedureExists },
    ]);
    expect(procedureFormSchema(category, 70).safeParse({ name: 'Composite Filling', price: '0' }).success).toBe(true);
  });

  it('says on the name when the category is gone', () => {
    expect(issuesOf(procedureFormSchema(null).safeParse({ name: 'Root Canal', price: '100' }))).toEqual([
      { path: ['name'], message: PROCEDURES_PROBLEM_TEXT.categoryRequired },
    ]);
  });
});
