import { zodResolver } from '@hookform/resolvers/zod';
import { Input, InputNumber, Modal, Switch } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useNotify } from '@/lib/notify';
import { useSaveProduct, type ProductWithPrices } from '@/entities/catalog';
import { FormField } from './form-field';
import {
  productFormDefaults,
  productFormSchema,
  type ProductFormInput,
  type ProductFormOutput,
} from './product-form';

/** Create (no product) or edit a product. Mounted only while open, so defaults are fresh. */
export function ProductFormModal({
  product,
  nextSortOrder,
  onClose,
}: {
  product?: ProductWithPrices;
  nextSortOrder: number;
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useSaveProduct();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(product, nextSortOrder),
  });

  const submit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: product?.id, data });
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
      title={product ? `Edit ${product.name}` : 'Add Product'}
      okText={product ? 'Save Changes' : 'Create Product'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <form onSubmit={submit} noValidate aria-label="Product form">
        <Controller
          control={control}
          name="name"
          render={({ field }) => (
            <FormField id="product-name" label="Name" error={errors.name?.message}>
              <Input id="product-name" {...field} />
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
              <Input.TextArea id="product-description" rows={3} {...field} />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="image_url"
          render={({ field }) => (
            <FormField id="product-image" label="Image URL" error={errors.image_url?.message}>
              <Input id="product-image" placeholder="https://... or /images/..." {...field} />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="price_retailer"
          render={({ field }) => (
            <FormField
              id="product-price-retailer"
              label="Retailer price (USD)"
              error={errors.price_retailer?.message}
            >
              <Input id="product-price-retailer" prefix="$" inputMode="decimal" {...field} />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="price_wholesaler"
          render={({ field }) => (
            <FormField
              id="product-price-wholesaler"
              label="Wholesaler price (USD)"
              error={errors.price_wholesaler?.message}
            >
              <Input id="product-price-wholesaler" prefix="$" inputMode="decimal" {...field} />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="sort_order"
          render={({ field }) => (
            <FormField
              id="product-sort-order"
              label="Sort order"
              error={errors.sort_order?.message}
              extra="Lower numbers come first in the catalog."
            >
              <InputNumber
                id="product-sort-order"
                min={0}
                precision={0}
                style={{ width: '100%' }}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => (
            <FormField
              id="product-active"
              label="Active"
              extra="Inactive products are hidden from buyers; past orders keep their lines."
            >
              <Switch id="product-active" checked={field.value} onChange={field.onChange} />
            </FormField>
          )}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
