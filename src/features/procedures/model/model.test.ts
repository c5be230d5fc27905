import { describe, expect, it } from 'vitest';
import { RequestError } from '@/lib/request-error';
import { duplicateNameText, failureText } from './failure-text';
import { isNameTaken, nameKey, readCategoryName, readProcedureName } from './names';
import { DEFAULT_PRICE_INPUT, parsePrice, priceInputOf } from './price';
import { readProcedureForm } from './procedure-form';

describe('parsePrice', () => {
  it('reads pesos as typed into exact centavos', () => {
    expect(parsePrice('1500')).toEqual({ ok: true, centavos: 150_000 });
    expect(parsePrice(' 1,500.50 ')).toEqual({ ok: true, centavos: 150_050 });
    expect(parsePrice('₱0.10')).toEqual({ ok: true, centavos: 10 });
    expect(parsePrice('.5')).toEqual({ ok: true, centavos: 50 });
    expect(parsePrice('9999999999.99')).toEqual({ ok: true, centavos: 999_999_999_999 });
  });

  it('accepts a price of zero, the default', () => {
    expect(parsePrice(DEFAULT_PRICE_INPUT)).toEqual({ ok: true, centavos: 0 });
    for (const zero of ['0', '0.0', '000', '₱0', '.00']) expect(parsePrice(zero)).toEqual({ ok: true, centavos: 0 });
  });

  it('refuses blank, negatives, a third decimal, words and amounts beyond numeric(12,2)', () => {
    expect(parsePrice('  ')).toEqual({ ok: false, message: 'Price is required.' });
    expect(parsePrice('-5')).toEqual({ ok: false, message: 'Price must be 0 or more, with at most 2 decimals.' });
    expect(parsePrice('-0')).toEqual({ ok: false, message: 'Price must be 0 or more, with at most 2 decimals.' });
    expect(parsePrice('1.005')).toEqual({ ok: false, message: 'Price must be 0 or more, with at most 2 decimals.' });
    expect(parsePrice('abc')).toEqual({
      ok: false,
      message: 'Price must be a number of pesos, like 1,500 or 1500.50.',
    });
    expect(parsePrice('1e3')).toEqual({
      ok: false,
      message: 'Price must be a number of pesos, like 1,500 or 1500.50.',
    });
    expect(parsePrice('10000000000')).toEqual({ ok: false, message: 'Price can be at most ₱9,999,999,999.99.' });
  });
});

describe('stored prices', () => {
  it('puts a stored price back into the field as plain decimals', () => {
    expect(priceInputOf(150_050)).toBe('1500.50');
    expect(priceInputOf(0)).toBe('0.00');
    expect(priceInputOf(7)).toBe('0.07');
  });
});

describe('names', () => {
  const categories = [
    { id: 1, name: 'Restorative' },
    { id: 2, name: '  Cleaning ' },
  ];

  it('compares names as the database does: lower case, without surrounding spaces', () => {
    expect(nameKey('  Tooth Extraction ')).toBe('tooth extraction');
    expect(isNameTaken('CLEANING', categories)).toBe(true);
    expect(isNameTaken('cleaning', categories, 2)).toBe(false);
    expect(isNameTaken('Surgery', categories)).toBe(false);
  });

  it('requires a category name, trims it, and refuses a taken or too long one', () => {
    expect(readCategoryName('   ', categories)).toEqual({ ok: false, message: 'Category name is required.' });
    expect(readCategoryName(' Surgery ', categories)).toEqual({ ok: true, name: 'Surgery' });
    expect(readCategoryName('restorative', categories)).toEqual({
      ok: false,
      message: 'A category with this name already exists.',
    });
    expect(readCategoryName('x'.repeat(200), categories)).toEqual({ ok: true, name: 'x'.repeat(200) });
    expect(readCategoryName('x'.repeat(201), categories)).toEqual({
      ok: false,
      message: 'Name can be at most 200 characters.',
    });
  });

  it('counts characters, not UTF-16 units, as the database does', () => {
    expect(readCategoryName('😀'.repeat(200), [])).toEqual({ ok: true, name: '😀'.repeat(200) });
  });

  it('requires a procedure name unique in its category, the edited procedure aside', () => {
    const siblings = [
      { id: 10, name: 'Composite Filling' },
      { id: 11, name: 'Amalgam Filling' },
    ];
    expect(readProcedureName('', siblings)).toEqual({ ok: false, message: 'Procedure name is required.' });
    expect(readProcedureName('composite filling ', siblings)).toEqual({
      ok: false,
      message: 'A procedure with this name already exists in this category.',
    });
    expect(readProcedureName('Composite filling', siblings, 10)).toEqual({ ok: true, name: 'Composite filling' });
  });
});

describe('readProcedureForm', () => {
  const category = { id: 3, procedures: [{ id: 10, name: 'Composite Filling' }] };

  it('gives the trimmed name, the price in centavos and the category', () => {
    expect(readProcedureForm({ name: ' Inlay ', price: '2,500' }, category)).toEqual({
      ok: true,
      value: { categoryId: 3, name: 'Inlay', priceCentavos: 250_000 },
    });
  });

  it('needs a name, a price and a category, and tells each at once', () => {
    expect(readProcedureForm({ name: '', price: '' }, null)).toEqual({
      ok: false,
      errors: {
        name: 'Procedure name is required.',
        price: 'Price is required.',
        category: 'Procedure category is required.',
      },
    });
  });
});

describe('failure texts', () => {
  it('tells a taken name at its field, by table', () => {
    const taken = new RequestError('duplicate', { code: '23505' });
    expect(duplicateNameText('addCategory', taken)).toBe('A category with this name already exists.');
    expect(duplicateNameText('addProcedure', taken)).toBe(
      'A procedure with this name already exists in this category.',
    );
    expect(duplicateNameText('saveProcedure', { code: '23505', message: 'duplicate key' })).toBe(
      'A procedure with this name already exists in this category.',
    );
    expect(duplicateNameText('addProcedure', new RequestError('failed'))).toBeNull();
  });

  it('says what failed and why, without the server’s words', () => {
    expect(failureText('addProcedure', new RequestError('unreachable'))).toBe(
      'Could not add the procedure. The server could not be reached. Please check your connection and try again.',
    );
    expect(failureText('deleteProcedure', { code: '42501', message: 'permission denied for table procedures' })).toBe(
      'Could not delete the procedure. Your role may not change procedures.',
    );
    expect(failureText('saveProcedure', new RequestError('gone'))).toBe(
      'Could not save the procedure. It was deleted meanwhile; the list has been refreshed.',
    );
    expect(failureText('addCategory', { code: 'XX000', message: 'internal error' })).toBe(
      'Could not add the category. Please try again.',
    );
  });
});
