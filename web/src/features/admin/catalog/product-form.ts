import {
  catalogProductSchema,
  centsToDollarString,
  dollarsToCents,
  formatCount,
  LIMITS,
  MAX_LINE_QUANTITY,
  MAX_PRICE_BREAKS,
  MAX_STOCK_UNITS,
  priceBreaksProblem,
  productSchema,
  restockDateSchema,
  skuSchema,
  type PriceBreak,
} from '@portal/domain';
import * as z from 'zod/mini';
import type { ProductWithPrices } from '@/entities/catalog';

const DOLLARS = /^\d+(\.\d{1,2})?$/;
const DOLLARS_MESSAGE = 'Enter an amount in dollars, like 12.50';

const dollarField = (label: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.regex(DOLLARS, DOLLARS_MESSAGE),
    z.refine((value) => !DOLLARS.test(value) || dollarsToCents(value) <= LIMITS.maxPriceCents, {
      error: `At most $${formatCount(LIMITS.maxPriceCents / 100)}`,
    }),
  );

/** A whole number typed in an InputNumber (null while empty). */
const wholeNumber = (label: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      z
        .nullable(z.number({ error: `${label} is required` }))
        .check(z.refine((value) => value !== null, { error: `${label} is required` })),
      z.transform((value: number | null) => value ?? 0),
    ),
    z
      .number()
      .check(
        z.int(`${label} must be a whole number`),
        z.gte(min, `${label} must be at least ${min}`),
        z.lte(max, `${label} must be at most ${formatCount(max)}`),
      ),
  );

/** One row of a price break editor: from how many units, at what unit price (dollars). */
const breakRow = z.object({
  min_quantity: wholeNumber('From quantity', 2, MAX_LINE_QUANTITY),
  unit_amount: dollarField('Unit price'),
});
const breakRows = z
  .array(breakRow)
  .check(z.maxLength(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} price breaks`));
const breaksInCents = (rows: readonly { min_quantity: number; unit_amount: string }[]) =>
  rows.map((row): PriceBreak => ({ ...row, unit_amount: dollarsToCents(row.unit_amount) }));

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/**
 * What is wrong with the stock on hand typed, or null. Below 0 is units owed to backorders: only
 * the functions take the count there, so the count the product has (`stored`) is kept as it is,
 * and a new number below 0 is refused (the rules refuse it too).
 */
function stockOnHandProblem(
  track: boolean,
  stock: number | null,
  stored: number | null,
): string | null {
  if (!track) return null;
  if (stock === null) return 'Enter the stock on hand (or turn off Track stock)';
  if (!Number.isInteger(stock)) return 'Stock on hand must be a whole number';
  if (stock < 0 && stock === stored) return null;
  if (stock < 0 || stock > MAX_STOCK_UNITS) {
    return `Stock on hand must be from 0 to ${formatCount(MAX_STOCK_UNITS)}`;
  }
  return null;
}

/**
 * A price and its break rows in cents, or null while any of them is not a valid entry yet (their
 * own messages say why; the ladder is judged once they are).
 */
function ladderOf(base: unknown, rows: unknown): { base: number; breaks: PriceBreak[] } | null {
  const price = dollarField('Price').safeParse(base);
  const steps = z.array(breakRow).safeParse(rows);
  if (!price.success || !steps.success) return null;
  return { base: dollarsToCents(price.data), breaks: breaksInCents(steps.data) };
}

/** What a form saves: the catalog view without stock_reserved and created_at (never edited). */
const savedProductSchema = z.omit(catalogProductSchema, { stock_reserved: true, created_at: true });

/**
 * The product form: prices are typed in dollars and stored in cents, the SKU is upper-cased and
 * must be unique in the catalog (`otherSkus`: every other product's SKU), the minimum order a
 * whole number of cases, and each price's breaks a ladder (priceBreaksProblem). Stock is tracked
 * only when the switch is on (stock_on_hand null otherwise). The values become the joined
 * catalog view (the product and its wholesale price, saved as two documents), checked again with
 * the domain's catalogProductSchema, so the form accepts nothing the schemas (and the rules) refuse.
 * Backorders (docs/catalog.md#backorders) go with tracked stock only: an untracked product is
 * always orderable, so it is saved with them off and no restock date. `storedStock` is the stock
 * on hand of the product being edited: a count below 0 (owed to backorders) may be kept as it is.
 */
export function productFormSchema(
  otherSkus: ReadonlySet<string> = new Set(),
  storedStock: number | null = null,
) {
  const fields = z
    .object({
      name: productSchema.shape.name,
      sku: skuSchema.check(
        z.refine((sku) => !otherSkus.has(sku), {
          error: 'Another product already has this SKU',
        }),
      ),
      category: z
        .string()
        .check(
          z.trim(),
          z.maxLength(
            LIMITS.productCategory,
            `Category must be at most ${LIMITS.productCategory} characters`,
          ),
        ),
      description: productSchema.shape.description,
      image_url: productSchema.shape.image_url,
      images: z
        .array(
          z.object({
            url: z
              .string()
              .check(
                z.trim(),
                z.minLength(1, 'Enter the image URL or remove the row'),
                z.maxLength(LIMITS.url, 'This URL is too long'),
              ),
          }),
        )
        .check(z.maxLength(LIMITS.productImages, `At most ${LIMITS.productImages} more images`)),
      price_retailer: dollarField('Retailer price'),
      price_breaks: breakRows,
      price_wholesaler: dollarField('Wholesaler price'),
      wholesale_breaks: breakRows,
      case_pack: wholeNumber('Case pack', 1, MAX_LINE_QUANTITY),
      min_quantity: wholeNumber('Minimum order', 1, MAX_LINE_QUANTITY),
      track_stock: z.boolean(),
      stock_on_hand: z.nullable(z.number()),
      backorders_allowed: z.boolean(),
      /** YYYY-MM-DD, or '' when no date is known. */
      restock_date: z.string().check(z.trim()),
      is_active: z.boolean(),
      sort_order: wholeNumber('Sort order', 0, 100_000),
    })
    .check(
      z.superRefine((values, ctx) => {
        // Cross-field checks run even when another field is wrong, so every problem shows at once;
        // each is checked only when the fields it reads are valid themselves.
        const stockProblem = stockOnHandProblem(
          values.track_stock,
          values.stock_on_hand,
          storedStock,
        );
        if (stockProblem) {
          ctx.addIssue({ code: 'custom', path: ['stock_on_hand'], message: stockProblem });
        }
        if (values.track_stock && values.restock_date !== '') {
          const date = restockDateSchema.safeParse(values.restock_date);
          if (!date.success) {
            const message = date.error.issues[0]?.message ?? 'Enter the date as YYYY-MM-DD.';
            ctx.addIssue({ code: 'custom', path: ['restock_date'], message });
          }
        }
        const { case_pack: pack, min_quantity: minimum } = values;
        if (isWhole(pack) && pack >= 1 && isWhole(minimum) && minimum % pack !== 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['min_quantity'],
            message: `The minimum order must be a multiple of the case pack (${pack})`,
          });
        }
        for (const [name, base] of [
          ['price_breaks', values.price_retailer],
          ['wholesale_breaks', values.price_wholesaler],
        ] as const) {
          const ladder = ladderOf(base, values[name]);
          const problem = ladder && priceBreaksProblem(ladder.base, ladder.breaks);
          if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
        }
      }),
    );
  return z
    .pipe(
      fields,
      z.transform(({ track_stock, images, ...values }: z.output<typeof fields>) => ({
        ...values,
        images: images.map((image) => image.url),
        price_retailer: dollarsToCents(values.price_retailer),
        price_breaks: breaksInCents(values.price_breaks),
        price_wholesaler: dollarsToCents(values.price_wholesaler),
        wholesale_breaks: breaksInCents(values.wholesale_breaks),
        stock_on_hand: track_stock ? values.stock_on_hand : null,
        backorders_allowed: track_stock && values.backorders_allowed,
        restock_date: track_stock && values.restock_date !== '' ? values.restock_date : null,
      })),
    )
    .check(
      z.superRefine((values, ctx) => {
        // The domain's own check of what is saved (each field passed its form check already).
        const saved = savedProductSchema.safeParse(values);
        if (!saved.success) {
          for (const issue of saved.error.issues) {
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
          }
        }
      }),
    );
}

export type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormInput = z.input<ProductFormSchema>;
export type ProductFormOutput = z.output<ProductFormSchema>;
export type BreakRowsName = 'price_breaks' | 'wholesale_breaks';

const breakInputs = (breaks: readonly PriceBreak[]) =>
  breaks.map((step) => ({
    min_quantity: step.min_quantity,
    unit_amount: centsToDollarString(step.unit_amount),
  }));

export function productFormDefaults(
  product: ProductWithPrices | undefined,
  nextSortOrder: number,
): ProductFormInput {
  if (!product) {
    return {
      name: '',
      sku: '',
      category: '',
      description: '',
      image_url: '',
      images: [],
      price_retailer: '',
      price_breaks: [],
      price_wholesaler: '',
      wholesale_breaks: [],
      case_pack: 1,
      min_quantity: 1,
      track_stock: false,
      stock_on_hand: null,
      backorders_allowed: false,
      restock_date: '',
      is_active: true,
      sort_order: nextSortOrder,
    };
  }
  return {
    name: product.name,
    sku: product.sku,
    category: product.category,
    description: product.description,
    image_url: product.image_url,
    images: product.images.map((url) => ({ url })),
    price_retailer: centsToDollarString(product.price_retailer),
    price_breaks: breakInputs(product.price_breaks),
    price_wholesaler:
      product.price_wholesaler === null ? '' : centsToDollarString(product.price_wholesaler),
    wholesale_breaks: breakInputs(product.wholesale_breaks),
    case_pack: product.case_pack,
    min_quantity: product.min_quantity,
    track_stock: product.stock_on_hand !== null,
    stock_on_hand: product.stock_on_hand,
    backorders_allowed: product.backorders_allowed,
    restock_date: product.restock_date ?? '',
    is_active: product.is_active,
    sort_order: product.sort_order,
  };
}

/** Every other product's SKU (normalized), for the form's uniqueness check. */
export function otherSkus(
  products: readonly Pick<ProductWithPrices, 'id' | 'sku'>[],
  editingId: string | undefined,
): Set<string> {
  return new Set(
    products
      .filter((product) => product.id !== editingId && product.sku.trim() !== '')
      .map((product) => product.sku.trim().toUpperCase()),
  );
}
