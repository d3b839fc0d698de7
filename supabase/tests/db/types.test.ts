// web/src/lib/database.types.ts must be what `npm run gen:types` produces from the migrations.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { generateTypes, TYPES_FILE } from '../../../scripts/gen-types.ts';

it('the committed database types match the migrated database (run `npm run gen:types` if not)', async () => {
  const committed = readFileSync(TYPES_FILE, 'utf8');
  expect(await generateTypes(stack().dbUrl)).toBe(committed);
});
