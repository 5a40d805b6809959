// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The entities (web/src/entities/<entity>) are the one home of each kind of Firestore document:
 * its paths, its parsing, its reads and writes, its queries. Pages compose them. These checks
 * read the sources, so a shortcut around an entity fails here rather than in review.
 */
const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Paths from web/src, with forward slashes; tests and the test helpers left out. */
const appFiles = sourceFiles(src)
  .map((file) => path.relative(src, file).split(path.sep).join('/'))
  .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('testing/'));
const read = (file: string) => readFileSync(path.join(src, file), 'utf8');

/** `import … from`, `export … from`, `import '…'` and `import('…')` of the SDK. */
const FIRESTORE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]firebase\/firestore\/lite['"]/;

/** The domain schemas that describe stored documents, by kind of document. */
const DOCUMENT_SCHEMAS: Record<string, readonly string[]> = {
  'profiles/{uid}': ['profileSchema'],
  'companies/{id}': ['companySchema'],
  'products/{id}': ['productSchema', 'catalogProductSchema'],
  'wholesale_prices/{id}': ['wholesalePriceSchema'],
  'profiles/{uid}/cart_items/{productId}': ['cartItemSchema'],
  'orders/{id}': ['orderSchema', 'orderLineSchema', 'orderStatusChangeSchema'],
  'support_content/{id}': ['supportContentSchema'],
  'standing_orders/{id}': ['standingOrderSchema', 'standingOrderLineSchema'],
  'price_lists/{id}': ['storedPriceListSchema'],
  'tax_certificates/{id}': ['taxCertificateRecordSchema'],
  'claims/{id}': ['claimSchema'],
  'store_credit/{companyId}': ['storeCreditBalanceSchema'],
  'store_credit/{companyId}/entries/{id}': ['storeCreditEntrySchema'],
  'order_lists/{id}': ['orderListSchema'],
};

const parses = (schema: string) =>
  new RegExp(`\\b${schema}\\s*\\.\\s*(?:safeParse|parse|safeParseAsync|parseAsync)\\s*\\(`);

describe('the entities own Firestore', () => {
  it('no file outside web/src/entities imports firebase/firestore/lite', () => {
    const importers = appFiles.filter((file) => FIRESTORE_IMPORT.test(read(file)));
    expect(importers.filter((file) => !file.startsWith('entities/'))).toEqual([]);
    // The check sees the imports that are there.
    expect(importers).toContain('entities/firestore.ts');
  });

  it('parses each kind of document in exactly one file, inside its entity', () => {
    const parsedIn = Object.fromEntries(
      Object.entries(DOCUMENT_SCHEMAS).map(([kind, schemas]) => [
        kind,
        appFiles.filter((file) => schemas.some((schema) => parses(schema).test(read(file)))),
      ]),
    );
    expect(parsedIn).toEqual(
      Object.fromEntries(
        Object.keys(DOCUMENT_SCHEMAS).map((kind) => [
          kind,
          [expect.stringMatching(/^entities\/[a-z-]+\//)],
        ]),
      ),
    );
  });
});
