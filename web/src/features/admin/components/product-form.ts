import {
  catalogProductSchema,
  centsToDollarString,
  dollarsToCents,
  LIMITS,
  productSchema,
} from '@portal/domain';
import { z } from 'zod';
import type { ProductWithPrices } from '@/entities/catalog';

const DOLLARS = /^\d+(\.\d{1,2})?$/;

const dollarField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .regex(DOLLARS, 'Enter an amount in dollars, like 12.50')
    .refine((value) => !DOLLARS.test(value) || dollarsToCents(value) <= LIMITS.maxPriceCents, {
      error: `At most $${(LIMITS.maxPriceCents / 100).toLocaleString('en-US')}`,
    });

/**
 * The product form: prices are typed in dollars and stored in cents. The form's values are
 * turned into the joined catalog view (the product and its wholesale price, saved as two
 * documents) and validated with the domain's catalogProductSchema, so the form can accept
 * nothing the schemas (and the rules) would refuse.
 */
export const productFormSchema = z
  .object({
    name: productSchema.shape.name,
    description: productSchema.shape.description,
    image_url: productSchema.shape.image_url,
    price_retailer: dollarField('Retailer price'),
    price_wholesaler: dollarField('Wholesaler price'),
    is_active: z.boolean(),
    sort_order: z
      .number()
      .int('Sort order must be a whole number')
      .min(0, 'Sort order must be 0 or more')
      .max(100_000, 'Sort order is too large')
      .nullable()
      .refine((value) => value !== null, { error: 'Sort order is required' })
      .transform((value) => value ?? 0),
  })
  .transform((values) => ({
    ...values,
    price_retailer: dollarsToCents(values.price_retailer),
    price_wholesaler: dollarsToCents(values.price_wholesaler),
  }))
  .pipe(catalogProductSchema);

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

export function productFormDefaults(
  product: ProductWithPrices | undefined,
  nextSortOrder: number,
): ProductFormInput {
  if (!product) {
    return {
      name: '',
      description: '',
      image_url: '',
      price_retailer: '',
      price_wholesaler: '',
      is_active: true,
      sort_order: nextSortOrder,
    };
  }
  return {
    name: product.name,
    description: product.description,
    image_url: product.image_url,
    price_retailer: centsToDollarString(product.price_retailer),
    price_wholesaler:
      product.price_wholesaler === null ? '' : centsToDollarString(product.price_wholesaler),
    is_active: product.is_active,
    sort_order: product.sort_order,
  };
}
