import { describe, expect, it } from 'vitest';
import type { NewestFirstList } from '../model/api/newest-first-list';
import { listReadStatus } from './list-read-status';

const list = (facts: Partial<NewestFirstList<{ id: number }>>): NewestFirstList<{ id: number }> => ({
  rows: [{ id: 1 }],
  complete: true,
  total: 1,
  isPending: false,
  isError: false,
  refetch: () => undefined,
  ...facts,
});

describe('listReadStatus', () => {
  it('loads until rows arrive, and fails only when a failed read left no rows', () => {
    expect(listReadStatus(list({ rows: undefined, isPending: true }), false)).toBe('loading');
    expect(listReadStatus(list({ rows: undefined, isError: true }), false)).toBe('failed');
    expect(listReadStatus(list({ isError: true }), false)).toBe('ready');
  });

  it('shows the newest rows while the rest is read, but holds a search or filter until every row is in', () => {
    const newestOnly = list({ complete: false, total: 250 });
    expect(listReadStatus(newestOnly, false)).toBe('ready');
    expect(listReadStatus(newestOnly, true)).toBe('loading');
    expect(listReadStatus(list({}), true)).toBe('ready');
  });
});
