import { describe, expect, it } from 'vitest';
import {
  checkGeneratedTypes,
  describeDifference,
  formatTypeScript,
  renderDatabaseTypes,
  type Catalog,
} from '../../../scripts/gen-db-types.ts';

describe('src/lib/database.generated.ts', () => {
  // One PGlite boot (most of the time) plus the migrations: 5 s on an idle machine, 20 s on a busy one.
  it('is what `npm run db:types` makes of the migrations', { timeout: 120_000 }, async () => {
    const { difference } = await checkGeneratedTypes();

    expect(
      difference,
      `src/lib/database.generated.ts does not match supabase/migrations: run \`npm run db:types\`.\n${difference}`,
    ).toBeNull();
  });
});

describe('describeDifference', () => {
  it('is null for equal texts and otherwise lists the lines to remove and add', () => {
    expect(describeDifference('a\nb\nc\n', 'a\nb\nc\n')).toBeNull();
    expect(describeDifference('a\nb\nc\n', 'a\nx\nc\n')).toBe('1 line(s) to remove, 1 line(s) to add:\n- 2: b\n+ 2: x');
  });
});

describe('renderDatabaseTypes', () => {
  const type = (id: string, name: string, extra: Partial<Catalog['types'][number]> = {}) => ({
    id,
    name,
    schema: 'pg_catalog',
    format: name,
    enumLabels: [],
    attributes: [],
    relationId: null,
    ...extra,
  });
  const column = (name: string, typeName: string, extra: Partial<Catalog['columns'][number]> = {}) => ({
    relationId: '100',
    name,
    typeName,
    nullable: false,
    hasDefault: false,
    identity: null,
    generated: false,
    updatable: true,
    ...extra,
  });
  const catalog: Catalog = {
    schema: 'public',
    relations: [
      { id: '100', name: 'things', kind: 'table', updatable: true },
      { id: '200', name: 'thing_names', kind: 'view', updatable: false },
    ],
    columns: [
      column('id', 'int8', { identity: 'always' }),
      column('mood', 'mood', { hasDefault: true }),
      column('tags', '_text', { nullable: true }),
      column('price', 'numeric'),
      column('slug', 'text', { generated: true, hasDefault: true }),
      column('span', 'tstzrange', { nullable: true }),
      column('name', 'text', { relationId: '200', nullable: true, updatable: false }),
    ],
    relationships: [],
    functions: [
      {
        name: 'list_things',
        argumentTypes: 'p_mood mood',
        args: [{ mode: 'in', name: 'p_mood', typeId: '5', hasDefault: true }],
        returnTypeId: '6',
        returnTypeRelationId: '100',
        returnsSet: true,
        rows: 1000,
      },
      {
        name: 'positional',
        argumentTypes: 'bigint',
        args: [{ mode: 'in', name: '', typeId: '1', hasDefault: false }],
        returnTypeId: '1',
        returnTypeRelationId: null,
        returnsSet: false,
        rows: null,
      },
    ],
    types: [
      type('1', 'int8'),
      type('2', 'text'),
      type('5', 'mood', { schema: 'public', enumLabels: ['happy', 'sad'] }),
      type('6', 'things', { schema: 'public', relationId: '100' }),
    ],
  };

  it('maps columns, optionality, enums and set-returning functions as supabase gen types does', async () => {
    const output = await formatTypeScript(renderDatabaseTypes(catalog));

    expect(output).toContain(`Row: {
          id: number;
          mood: Database['public']['Enums']['mood'];
          price: number;
          slug: string;
          span: unknown;
          tags: string[] | null;
        };`);
    expect(output).toContain(`Insert: {
          id?: never;
          mood?: Database['public']['Enums']['mood'];
          price: number;
          slug?: never;
          span?: unknown;
          tags?: string[] | null;
        };`);
    expect(output).toContain(`thing_names: {
        Row: {
          name: string | null;
        };
        Relationships: [];
      };`);
    expect(output).toContain(`Args: { p_mood?: Database['public']['Enums']['mood'] };`);
    expect(output).toContain(`SetofOptions: { from: '*'; to: 'things'; isOneToOne: false; isSetofReturn: true };`);
    expect(output).toMatch(/Returns: \{\n\s+id: number;[\s\S]*?\}\[\];/);
    // PostgREST cannot call a function with an unnamed bigint argument.
    expect(output).not.toContain('positional');
    expect(output).toContain(`Enums: {
      mood: 'happy' | 'sad';
    };`);
    expect(output).toContain(`Enums: {
      mood: ['happy', 'sad'],
    },`);
  });
});
