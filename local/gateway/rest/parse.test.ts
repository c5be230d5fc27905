import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseColumnList, parseFilter, parseList, parseLogicTree, parseOrder, parseSelect } from './parse.ts';

describe('parseSelect', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, full_name:name, price::text, meta->a->>b')).toEqual([
      { kind: 'column', field: { column: 'id', jsonPath: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { column: 'name', jsonPath: [] }, alias: 'full_name', cast: undefined },
      { kind: 'column', field: { column: 'price', jsonPath: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'column',
        field: {
          column: 'meta',
          jsonPath: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
    ]);
  });

  it('reads nested embeds with aliases, hints and inner joins', () => {
    const [star, embed] = parseSelect('*,patient:patients!appointments_patient_fk!inner(name,invoices(total))');
    expect(star).toEqual({ kind: 'star' });
    expect(embed).toMatchObject({
      kind: 'embed',
      name: 'patients',
      alias: 'patient',
      hint: 'appointments_patient_fk',
      joinType: 'inner',
      spread: false,
      items: [{ kind: 'column' }, { kind: 'embed', name: 'invoices' }],
    });
  });

  it('reads a spread embed and keeps quoted names whole', () => {
    expect(parseSelect('...patients(name),"odd, name"')).toMatchObject([
      { kind: 'embed', name: 'patients', spread: true },
      { kind: 'column', field: { column: 'odd, name' } },
    ]);
  });

  it('refuses unbalanced parentheses and bad casts with PGRST100', () => {
    expect(() => parseSelect('patients(name')).toThrow(RestError);
    expect(() => parseSelect('id::text;drop')).toThrow(/Invalid cast type/);
    try {
      parseSelect('a)');
    } catch (error) {
      expect((error as RestError).body.code).toBe('PGRST100');
    }
  });
});

describe('filters', () => {
  it('splits operator and value at the first dot and keeps negation', () => {
    expect(parseFilter({ column: 'name', jsonPath: [] }, 'not.ilike.*dr. ana*')).toMatchObject({
      negate: true,
      operator: 'ilike',
      value: '*dr. ana*',
    });
  });

  it('reads full-text search with a language', () => {
    expect(parseFilter({ column: 'notes', jsonPath: [] }, 'fts(english).crown')).toMatchObject({
      operator: 'fts',
      language: 'english',
      value: 'crown',
    });
  });

  it('refuses an unknown operator', () => {
    expect(() => parseFilter({ column: 'id', jsonPath: [] }, 'between.1')).toThrow(RestError);
  });

  it('reads in-lists with quoted values holding commas and quotes', () => {
    expect(parseList('(1,"a,b","say \\"hi\\"")')).toEqual(['1', 'a,b', 'say "hi"']);
  });

  it('reads nested logic trees', () => {
    const tree = parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),not.or(d.in.(1,2),e.eq.x))');
    expect(tree).toMatchObject({
      kind: 'logic',
      op: 'or',
      children: [
        { kind: 'filter', operator: 'eq', value: '1' },
        { kind: 'logic', op: 'and', children: [{ operator: 'gt' }, { operator: 'is', negate: true }] },
        { kind: 'logic', op: 'or', negate: true, children: [{ operator: 'in', value: '(1,2)' }, { operator: 'eq' }] },
      ],
    });
  });
});

describe('quoted values in logic trees', () => {
  it('unquotes a value holding commas and parentheses', () => {
    const tree = parseLogicTree('or', false, '(name.ilike."%dela cruz, (jr)%",phone.eq.1)');
    expect(tree).toMatchObject({ children: [{ operator: 'ilike', value: '%dela cruz, (jr)%' }, { value: '1' }] });
  });
});

describe('order and columns', () => {
  it('reads direction and nulls placement per term', () => {
    expect(parseOrder('appointment_time.desc.nullslast,name')).toEqual([
      { field: { column: 'appointment_time', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { column: 'name', jsonPath: [] } },
    ]);
    expect(() => parseOrder('name.sideways')).toThrow(RestError);
  });

  it('reads the quoted column list of an array insert', () => {
    expect(parseColumnList('"name","phone", "clinic_id"')).toEqual(['name', 'phone', 'clinic_id']);
  });
});
