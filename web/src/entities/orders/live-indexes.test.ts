import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The live views' order queries (live.ts) are served by firestore.indexes.json: production
 * refuses a query with an equality filter and another field's order without its composite index
 * (the local emulator needs none, so only this test would notice).
 */
interface Index {
  collectionGroup: string;
  fields: { fieldPath: string; order?: string }[];
}
const indexes = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../../firestore.indexes.json'), 'utf8'),
  ) as { indexes: Index[] }
).indexes;

const shape = (index: Index) =>
  index.fields.map((field) => `${field.fieldPath} ${field.order ?? ''}`).join(', ');

describe('indexes of the live order listeners', () => {
  it.each([
    ['a whole company', 'company_id ASCENDING, updated_at DESCENDING'],
    ['a buyer’s own orders', 'company_id ASCENDING, user_id ASCENDING, updated_at DESCENDING'],
    ['a buyer’s locations', 'company_id ASCENDING, location_id ASCENDING, updated_at DESCENDING'],
  ])('has the index for %s', (_who, fields) => {
    expect(indexes.filter((index) => index.collectionGroup === 'orders').map(shape)).toContain(
      fields,
    );
  });
});
