import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@portal/domain';
import { AutoComplete, Input, InputNumber, Modal, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { newProductId, useSaveProduct, type ProductWithPrices } from '@/entities/catalog';
import { FormField } from '@/components/form-field';
import { PhotosField } from './photos-field';
import { PriceBreaksField } from './price-breaks-field';
import {
  productFormDefaults,
  productFormSchema,
  type ProductFormInput,
  type ProductFormOutput,
} from './product-form';
import './catalog-editor.css';

type FormControl = Control<ProductFormInput, unknown, ProductFormOutput>;

const NO_SKUS: ReadonlySet<string> = new Set();
const NO_CATEGORIES: readonly string[] = [];

/** The first problem with the further photos (the schema checks each reference and the count). */
function imagesError(errors: FieldErrors<ProductFormInput>): string | undefined {
  const images = errors.images;
  if (!images) return undefined;
  if (images.message) return images.message;
  return Array.isArray(images)
    ? images.find((image) => image?.url?.message)?.url?.message
    : undefined;
}

/**
 * Create (no product) or edit a product. Mounted only while open, so defaults are fresh.
 * `otherSkus` are the SKUs of every other product (a SKU is unique in the catalog);
 * `categories` the catalog's categories, offered as the category is typed.
 */
export function ProductFormModal({
  product,
  nextSortOrder,
  otherSkus = NO_SKUS,
  categories = NO_CATEGORIES,
  onClose,
}: {
  product?: ProductWithPrices;
  nextSortOrder: number;
  otherSkus?: ReadonlySet<string>;
  categories?: readonly string[];
  onClose: () => void;
}) {
  // Removed when closed: the focus goes back to the button that opened it.
  useReturnFocus();
  const notify = useNotify();
  const save = useSaveProduct();
  const storedStock = product?.stock_on_hand ?? null;
  const schema = useMemo(() => productFormSchema(otherSkus, storedStock), [otherSkus, storedStock]);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: productFormDefaults(product, nextSortOrder),
  });
  const trackStock = useWatch({ control, name: 'track_stock' });
  const allowBackorders = useWatch({ control, name: 'backorders_allowed' });
  // A new product's id is chosen now: its photos are uploaded under it before the first save.
  const [productId] = useState(() => product?.id ?? newProductId());
  const [uploading, setUploading] = useState(false);
  const mainImage = useWatch({ control, name: 'image_url' });
  const moreImages = useWatch({ control, name: 'images' });
  const photos = useMemo(
    () => [mainImage, ...moreImages.map((image) => image.url)].filter((image) => image !== ''),
    [mainImage, moreImages],
  );
  const setPhotos = (list: string[]) => {
    const [first = '', ...rest] = list;
    setValue('image_url', first, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue(
      'images',
      rest.map((url) => ({ url })),
      { shouldDirty: true, shouldValidate: isSubmitted },
    );
  };
  const categoryText = useWatch({ control, name: 'category' });
  const categoryOptions = useMemo(() => {
    const typed = categoryText.trim().toLowerCase();
    return categories
      .filter((category) => category.toLowerCase().includes(typed))
      .map((category) => ({ value: category }));
  }, [categories, categoryText]);

  const submit = handleSubmit(async (data) => {
    try {
      // An update sends the product as loaded too: stock on hand is written only when the
      // manager changed it, as the difference (sales made while the form was open still count).
      await save.mutateAsync(
        product ? { id: product.id, data, loaded: product } : { data, newId: productId },
      );
      notify.success(
        'Success',
        product ? 'Product updated successfully' : 'Product created successfully',
      );
      onClose();
    } catch {
      notify.error('Error', 'Failed to save product');
    }
  });

  return (
    <Modal
      open
      width={760}
      title={product ? `Edit ${product.name}` : 'Add Product'}
      okText={product ? 'Save Changes' : 'Create Product'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <form onSubmit={submit} noValidate aria-label="Product form" className="product-form">
        <div className="product-form__grid">
          <Controller
            control={control}
            name="name"
            render={({ field }) => (
              <FormField id="product-name" label="Name" error={errors.name?.message}>
                <Input id="product-name" {...field} status={errors.name ? 'error' : undefined} />
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="sku"
            render={({ field }) => (
              <FormField
                id="product-sku"
                label="SKU"
                error={errors.sku?.message}
                hint="Letters, digits, dot, dash and underscore; saved in capitals."
              >
                <Input
                  id="product-sku"
                  {...field}
                  status={errors.sku ? 'error' : undefined}
                  maxLength={LIMITS.sku}
                  onBlur={() => {
                    setValue('sku', field.value.trim().toUpperCase());
                    field.onBlur();
                  }}
                />
              </FormField>
            )}
          />
        </div>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <FormField id="product-category" label="Category" error={errors.category?.message}>
              <AutoComplete
                id="product-category"
                // The width antd's Form.Item gives a select inside it.
                style={{ width: '100%' }}
                status={errors.category ? 'error' : undefined}
                options={categoryOptions}
                value={field.value}
                onChange={(value: string) => field.onChange(value)}
                onBlur={field.onBlur}
                placeholder="e.g. Syrups"
                maxLength={LIMITS.productCategory}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <FormField
              id="product-description"
              label="Description"
              error={errors.description?.message}
            >
              <Input.TextArea
                id="product-description"
                rows={3}
                {...field}
                status={errors.description ? 'error' : undefined}
              />
            </FormField>
          )}
        />
        <PhotosField
          productId={productId}
          images={photos}
          sizes={product?.image_sizes}
          onChange={setPhotos}
          onBusyChange={setUploading}
          error={errors.image_url?.message ?? imagesError(errors)}
        />

        <div className="product-form__grid">
          <div>
            <Controller
              control={control}
              name="price_retailer"
              render={({ field }) => (
                <FormField
                  id="product-price-retailer"
                  label="Retailer price (USD)"
                  error={errors.price_retailer?.message}
                >
                  <Input
                    id="product-price-retailer"
                    prefix="$"
                    inputMode="decimal"
                    {...field}
                    status={errors.price_retailer ? 'error' : undefined}
                  />
                </FormField>
              )}
            />
            <PriceBreaksField
              control={control}
              name="price_breaks"
              label="Retail"
              errors={errors}
            />
          </div>
          <div>
            <Controller
              control={control}
              name="price_wholesaler"
              render={({ field }) => (
                <FormField
                  id="product-price-wholesaler"
                  label="Wholesaler price (USD)"
                  error={errors.price_wholesaler?.message}
                >
                  <Input
                    id="product-price-wholesaler"
                    prefix="$"
                    inputMode="decimal"
                    {...field}
                    status={errors.price_wholesaler ? 'error' : undefined}
                  />
                </FormField>
              )}
            />
            <PriceBreaksField
              control={control}
              name="wholesale_breaks"
              label="Wholesale"
              errors={errors}
            />
          </div>
        </div>

        <div className="product-form__grid">
          <WholeNumberField
            control={control}
            name="case_pack"
            id="product-case-pack"
            label="Case pack"
            min={1}
            error={errors.case_pack?.message}
            extra="Sold in multiples of this many units (1: by the unit)."
          />
          <WholeNumberField
            control={control}
            name="min_quantity"
            id="product-min-quantity"
            label="Minimum order"
            min={1}
            error={errors.min_quantity?.message}
            extra="Units per order line; a whole number of cases."
          />
        </div>

        <div className="product-form__grid">
          <Controller
            control={control}
            name="track_stock"
            render={({ field }) => (
              <FormField
                id="product-track-stock"
                label="Track stock"
                hint={
                  field.value
                    ? 'Buyers cannot order more than is available.'
                    : 'Not tracked: always orderable (e.g. built to order).'
                }
              >
                <Switch id="product-track-stock" checked={field.value} onChange={field.onChange} />
              </FormField>
            )}
          />
          {trackStock && (
            <WholeNumberField
              control={control}
              name="stock_on_hand"
              id="product-stock"
              label="Stock on hand"
              // A count owed to backorders may stay as it is; the schema refuses a new one below 0.
              min={storedStock !== null && storedStock < 0 ? storedStock : 0}
              error={errors.stock_on_hand?.message}
              extra={stockHint(product)}
            />
          )}
        </div>

        {trackStock && (
          <div className="product-form__grid">
            <Controller
              control={control}
              name="backorders_allowed"
              render={({ field }) => (
                <FormField
                  id="product-backorders"
                  label="Allow backorders"
                  hint={
                    field.value
                      ? 'Buyers may order beyond the stock; those units ship when it arrives.'
                      : 'Off: the product is out of stock once none is available.'
                  }
                >
                  <Switch id="product-backorders" checked={field.value} onChange={field.onChange} />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="restock_date"
              render={({ field }) => (
                <FormField
                  id="product-restock-date"
                  label="Expected restock date (optional)"
                  error={errors.restock_date?.message}
                  hint={
                    allowBackorders
                      ? 'Shown to buyers of a backordered line. Empty: "Ships when stock arrives".'
                      : 'Shown to buyers once backorders are allowed.'
                  }
                >
                  <Input
                    id="product-restock-date"
                    type="date"
                    placeholder="YYYY-MM-DD"
                    {...field}
                    status={errors.restock_date ? 'error' : undefined}
                  />
                </FormField>
              )}
            />
          </div>
        )}

        <div className="product-form__grid">
          <WholeNumberField
            control={control}
            name="sort_order"
            id="product-sort-order"
            label="Sort order"
            min={0}
            error={errors.sort_order?.message}
            extra="Lower numbers come first in the catalog."
          />
          <Controller
            control={control}
            name="is_active"
            render={({ field }) => (
              <FormField
                id="product-active"
                label="Active"
                hint="Inactive products are hidden from buyers; past orders keep their lines."
              >
                <Switch id="product-active" checked={field.value} onChange={field.onChange} />
              </FormField>
            )}
          />
        </div>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

/**
 * What the stock count means: the units reserved by open checkouts, and the units owed to
 * backorders while the count is below 0.
 */
function stockHint(product: ProductWithPrices | undefined): string {
  if (!product) return 'Units the brand has now.';
  const reserved = `${product.stock_reserved} reserved by open checkouts`;
  const stock = product.stock_on_hand;
  if (stock === null || stock >= 0) return reserved;
  const owed = -stock;
  return `${owed} ${owed === 1 ? 'unit' : 'units'} owed to backorders; enter the count once stock arrives (0 or more). ${reserved}.`;
}

/** A whole-number field of the product form (case pack, minimum, stock on hand, sort order). */
function WholeNumberField({
  control,
  name,
  id,
  label,
  min,
  error,
  extra,
}: {
  control: FormControl;
  name: 'case_pack' | 'min_quantity' | 'stock_on_hand' | 'sort_order';
  id: string;
  label: string;
  min: number;
  error: string | undefined;
  extra: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={id} label={label} error={error} hint={extra}>
          <InputNumber
            id={id}
            status={error ? 'error' : undefined}
            min={min}
            precision={0}
            style={{ width: '100%' }}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}
