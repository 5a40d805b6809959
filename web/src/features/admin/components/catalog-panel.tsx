import { formatUsd } from '@portal/domain';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNotify } from '@/lib/notify';
import {
  useAllProducts,
  useSaveProduct,
  type ProductWithPrices as Product,
} from '@/entities/catalog';
import { EditableListSection } from './editable-list-section';
import { ProductFormModal } from './product-form-modal';
import { useFetchErrorToast } from './use-fetch-error-toast';

/** A product without a wholesale_prices document cannot be bought by wholesalers: say so. */
function wholesaleLabel(cents: number | null): string {
  return cents === null ? 'Not set' : formatUsd(cents);
}

type Editing = { mode: 'create' } | { mode: 'edit'; product: Product } | null;

/** Deactivate/activate in one click: only is_active flips; orders keep their copied lines. */
function ToggleActive({ product }: { product: Product }) {
  const notify = useNotify();
  const save = useSaveProduct();
  const { id, ...data } = product;
  const toggle = async () => {
    const is_active = !product.is_active;
    try {
      await save.mutateAsync({ id, data: { ...data, is_active } });
      notify.success('Success', `${product.name} ${is_active ? 'activated' : 'deactivated'}`);
    } catch {
      notify.error('Error', 'Failed to save product');
    }
  };
  return (
    <Button
      size="small"
      onClick={toggle}
      loading={save.isPending}
      aria-label={`${product.is_active ? 'Deactivate' : 'Activate'} ${product.name}`}
    >
      {product.is_active ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

function ProductActions({ product, onEdit }: { product: Product; onEdit: () => void }) {
  return (
    <>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${product.name}`}>
        Edit
      </Button>
      <ToggleActive product={product} />
    </>
  );
}

export function CatalogPanel() {
  const products = useAllProducts();
  const [editing, setEditing] = useState<Editing>(null);
  useFetchErrorToast(products.isError);
  const list = products.data ?? [];
  const nextSortOrder = list.reduce((max, p) => Math.max(max, p.sort_order), 0) + 1;

  const columns: TableColumnsType<Product> = [
    {
      title: 'Image',
      dataIndex: 'image_url',
      render: (url: string, p) => (
        <img src={url} alt={p.name} className="admin-thumb" loading="lazy" />
      ),
    },
    {
      title: 'Name',
      dataIndex: 'name',
      render: (_, p) => (
        <div style={{ maxWidth: 320 }}>
          <div>{p.name}</div>
          <Typography.Paragraph
            className="admin-muted"
            ellipsis={{ rows: 1 }}
            style={{ margin: 0 }}
          >
            {p.description}
          </Typography.Paragraph>
        </div>
      ),
    },
    {
      title: 'Retailer',
      dataIndex: 'price_retailer',
      align: 'right',
      render: (c: number) => formatUsd(c),
    },
    {
      title: 'Wholesaler',
      dataIndex: 'price_wholesaler',
      align: 'right',
      render: (c: number | null) => wholesaleLabel(c),
    },
    {
      title: 'Status',
      dataIndex: 'is_active',
      render: (active: boolean) =>
        active ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>,
    },
    { title: 'Order', dataIndex: 'sort_order', align: 'right' },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, p) => (
        <Space wrap size={8}>
          <ProductActions product={p} onEdit={() => setEditing({ mode: 'edit', product: p })} />
        </Space>
      ),
    },
  ];

  return (
    <EditableListSection<Product>
      headingId="catalog-title"
      title="Catalog"
      addLabel="Add Product"
      onAdd={() => setEditing({ mode: 'create' })}
      items={list}
      isPending={products.isPending}
      isError={products.isError}
      emptyText="No products yet"
      errorText="Could not load products"
      columns={columns}
      cardLabel={(p) => p.name}
      renderCard={(p) => (
        <>
          <div className="admin-card__top">
            <div style={{ display: 'flex', gap: 10, minWidth: 0 }}>
              <img src={p.image_url} alt="" className="admin-thumb" loading="lazy" />
              <div>
                <strong>{p.name}</strong>
                <div className="admin-card__meta" style={{ marginTop: 0 }}>
                  <span>Retailer {formatUsd(p.price_retailer)}</span>
                  <span>Wholesaler {wholesaleLabel(p.price_wholesaler)}</span>
                  <span>Order {p.sort_order}</span>
                </div>
              </div>
            </div>
            {p.is_active ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>}
          </div>
          <Space wrap size={8} style={{ marginTop: 8 }}>
            <ProductActions product={p} onEdit={() => setEditing({ mode: 'edit', product: p })} />
          </Space>
        </>
      )}
    >
      {editing && (
        <ProductFormModal
          product={editing.mode === 'edit' ? editing.product : undefined}
          nextSortOrder={nextSortOrder}
          onClose={() => setEditing(null)}
        />
      )}
    </EditableListSection>
  );
}
