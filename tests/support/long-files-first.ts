import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take long for their size. Without vitest's results cache (a clean clone, as in CI)
 * vitest starts the larger files first, so these two small but slow ones started last and ran alone
 * at the end of the node files: 354–377 s and 361–373 s of a 377 s group, while the pool waited for
 * the group to finish before the browser files could start (vitest.config.ts, poolOptions).
 */
const LONG_FOR_THEIR_SIZE = [
  'tests/integration/database/template.test.ts',
  'tests/integration/database/persistence.test.ts',
];

/** Vitest's order (failed first, then longest first, or largest first), with those files moved ahead. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const index = LONG_FOR_THEIR_SIZE.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONG_FOR_THEIR_SIZE.length : index;
    };
    return sorted.toSorted((a, b) => rank(a) - rank(b));
  }
}
