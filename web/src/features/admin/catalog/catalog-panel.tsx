import {
  catalogCategories,
  formatUsd,
  minimumOrderQuantity,
  restockText,
  STOCK_STATE_LABELS,
  stockState,
  takesBackorders,
  THUMB_IMAGE_SIZES,
  type StockState,
} from '@portal/domain';
import { ProductImage } from '@/components/product-image';
import { useDeferredValue, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/button';
import { lazyDialog } from '@/components/lazy-dialog';
import { DownloadOutlined, SearchOutlined, UploadOutlined } from '@/components/icons';
import { Tag, type TagColor } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import { useNotify } from '@/lib/notify';
import {
  useAllProducts,
  useSetProductActive,
  type ProductWithPrices as Product,
} from '@/entities/catalog';
import {
  buildCatalogCsv,
  catalogCsvFileName,
  readCatalogCsv,
  type CatalogImportPlan,
} from './catalog-csv';
import { downloadTextFile } from '@/components/table/download-file';
import type { DataColumn } from '@/components/table/data-table';
import { EditableListSection } from '../common/editable-list-section';
import { otherSkus } from './product-form';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';
import { ClaimsCell, CLAIMS_COLUMN_TITLE, useProductClaims } from './product-claims';
import '../common/admin-tables.css';

// The product form and the import preview (antd's Modal, form and table, with its theme) are
// fetched when first opened: the tab's list and toolbar load no antd.
const ProductFormModal = lazyDialog(
  withAntdTheme(() => import('./product-form-modal').then((m) => m.ProductFormModal)),
);
const CatalogImportModal = lazyDialog(
  withAntdTheme(() => import('./catalog-import-modal').then((m) => m.CatalogImportModal)),
);

/** A product without a wholesale_prices document cannot be bought by wholesalers: say so. */
function wholesaleLabel(cents: number | null): string {
  return cents === null ? 'Not set' : formatUsd(cents);
}

const STOCK_TAG_COLOR: Readonly<Record<StockState, TagColor>> = {
  in_stock: 'success',
  low: 'warning',
  out: 'error',
  backorder: 'cyan',
};

/**
 * "120 on hand · 3 reserved" and the state a buyer sees, or "Not tracked". Below 0 on hand is
 * units owed to backorders ("−14 on hand (owed to backorders)"); a product taking backorders says
 * so, with its expected restock.
 */
function StockCell({ product }: { product: Product }) {
  if (product.stock_on_hand === null) return <span className="admin-muted">Not tracked</span>;
  const state = stockState(product, minimumOrderQuantity(product));
  const onHand =
    product.stock_on_hand < 0
      ? `\u2212${-product.stock_on_hand} on hand (owed to backorders)`
      : `${product.stock_on_hand} on hand`;
  return (
    <div>
      <Tag color={STOCK_TAG_COLOR[state]}>{STOCK_STATE_LABELS[state]}</Tag>
      <div className="admin-muted">
        {onHand} · {product.stock_reserved} reserved
      </div>
      {takesBackorders(product) && (
        <div className="admin-muted">Backorders allowed · {restockText(product.restock_date)}</div>
      )}
    </div>
  );
}

/** "Case of 12 · min 24" or "By the unit". */
function packLabel(product: Product): string {
  const pack = product.case_pack > 1 ? `Case of ${product.case_pack}` : 'By the unit';
  return product.min_quantity > 1 ? `${pack} · min ${product.min_quantity}` : pack;
}

const breaksNote = (count: number) =>
  count > 0 ? ` (+${count} break${count === 1 ? '' : 's'})` : '';

type Editing = { mode: 'create' } | { mode: 'edit'; product: Product } | null;

/**
 * Deactivate/activate in one click: only is_active is written (nothing of the list's copy, whose
 * stock may be stale); orders keep their copied lines.
 */
function ToggleActive({ product }: { product: Product }) {
  const notify = useNotify();
  const save = useSetProductActive();
  const toggle = async () => {
    const is_active = !product.is_active;
    try {
      await save.mutateAsync({ id: product.id, active: is_active });
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

/** Edit and (de)activate: a group of its own, 8 px apart, wrapping on a narrow card. */
function ProductActions({ product, onEdit }: { product: Product; onEdit: () => void }) {
  return (
    <div className="admin-actions">
      <Button size="small" onClick={onEdit} aria-label={`Edit ${product.name}`}>
        Edit
      </Button>
      <ToggleActive product={product} />
    </div>
  );
}

/** Products whose name or SKU holds every word typed (case-insensitive). */
function filterProducts(products: readonly Product[], search: string): readonly Product[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return products;
  return products.filter((product) => {
    const text = `${product.name} ${product.sku}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const PAGE_SIZES = [25, 50, 100, 200];

/**
 * The catalog tab: every product with its SKU, category, prices, case pack, stock and claims (the
 * last 90 days: how many, and the rate of units claimed to units sold), searchable
 * by name or SKU and paged (a catalog may hold thousands), edited in a form, and exported or
 * imported as CSV (checked and previewed before anything is written).
 */
export function CatalogPanel() {
  const notify = useNotify();
  const products = useAllProducts();
  const claims = useProductClaims();
  const claimsKnown = !claims.isPending && !claims.isError;
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 50 });
  const [importing, setImporting] = useState<{ fileName: string; plan: CatalogImportPlan } | null>(
    null,
  );
  const [csvBusy, setCsvBusy] = useState<'import' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useFetchErrorToast(products.isError);
  const list = useMemo(() => products.data ?? [], [products.data]);
  const deferredSearch = useDeferredValue(search);
  const shown = useMemo(() => filterProducts(list, deferredSearch), [list, deferredSearch]);
  const nextSortOrder = list.reduce((max, p) => Math.max(max, p.sort_order), 0) + 1;
  const categories = useMemo(() => catalogCategories(list), [list]);
  const editingId = editing?.mode === 'edit' ? editing.product.id : undefined;
  const skusOfOthers = useMemo(() => otherSkus(list, editingId), [list, editingId]);

  // Written in one go (components/table/csv.ts, no library to load), so there is no busy state to show.
  const exportCsv = () => {
    try {
      downloadTextFile(catalogCsvFileName(), buildCatalogCsv(list));
      notify.success(
        'Export Ready',
        `Exported ${list.length} product${list.length === 1 ? '' : 's'}.`,
      );
    } catch {
      notify.error('Error', 'Failed to export the catalog');
    }
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again (after fixing it) must fire change again.
    input.value = '';
    if (!file) return;
    setCsvBusy('import');
    // The preview's code downloads while the file is read (its failure is the dialog's to say).
    CatalogImportModal.preload().catch(() => undefined);
    try {
      const plan = await readCatalogCsv(await file.text(), list);
      setImporting({ fileName: file.name, plan });
    } catch {
      notify.error('Error', `Could not read ${file.name}`);
    } finally {
      setCsvBusy(null);
    }
  };

  const columns: DataColumn<Product>[] = [
    {
      title: 'Image',
      key: 'image',
      render: (p) => (
        <ProductImage
          image={p.image_url}
          imageSizes={p.image_sizes}
          sizes={THUMB_IMAGE_SIZES}
          fallbackWidth={160}
          alt={p.name}
          className="admin-thumb"
          loading="lazy"
        />
      ),
    },
    {
      title: 'Name',
      key: 'name',
      width: 200,
      render: (p) => (
        <div className="admin-product-cell">
          <div>{p.name}</div>
          <div className="admin-muted admin-one-line">{p.description}</div>
        </div>
      ),
    },
    {
      title: 'SKU',
      key: 'sku',
      render: (p) => (p.sku ? <code>{p.sku}</code> : <Tag color="warning">No SKU</Tag>),
    },
    { title: 'Category', key: 'category', render: (p) => p.category || '—' },
    {
      title: 'Retailer',
      key: 'retailer',
      align: 'right',
      className: 'admin-cell--wrap',
      render: (p) => (
        <span>
          {formatUsd(p.price_retailer)}
          <span className="admin-muted">{breaksNote(p.price_breaks.length)}</span>
        </span>
      ),
    },
    {
      title: 'Wholesaler',
      key: 'wholesaler',
      align: 'right',
      className: 'admin-cell--wrap',
      render: (p) => (
        <span>
          {wholesaleLabel(p.price_wholesaler)}
          <span className="admin-muted">{breaksNote(p.wholesale_breaks.length)}</span>
        </span>
      ),
    },
    {
      title: 'Pack / min',
      key: 'pack',
      width: 96,
      className: 'admin-cell--wrap',
      render: (p) => packLabel(p),
    },
    {
      // The claims share the stock's column (a column of their own would push Edit and
      // Deactivate past 1280 px): which product breaks in transit, beside what is on hand.
      title: (
        <>
          Stock
          <br />
          <abbr title={CLAIMS_COLUMN_TITLE}>Claims</abbr>
        </>
      ),
      key: 'stock',
      width: 112,
      className: 'admin-cell--wrap',
      render: (p) => (
        <>
          <StockCell product={p} />
          <div className="admin-muted" style={{ marginTop: 4 }}>
            Claims <ClaimsCell figure={claims.byProduct.get(p.id)} known={claimsKnown} />
          </div>
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (p) =>
        p.is_active ? <Tag color="success">Active</Tag> : <Tag color="default">Inactive</Tag>,
    },
    { title: 'Order', key: 'order', align: 'right', render: (p) => p.sort_order },
    {
      title: 'Actions',
      key: 'actions',
      // Edit above Deactivate: the column is as wide as its widest button, so 1280 px fits all.
      width: 104,
      className: 'admin-cell--wrap',
      render: (p) => (
        <ProductActions product={p} onEdit={() => setEditing({ mode: 'edit', product: p })} />
      ),
    },
  ];

  const toolbar = (
    <div className="admin-section-header" style={{ marginTop: 0 }}>
      <div className="admin-actions">
        <TextInput
          allowClear
          className="admin-catalog-search"
          prefix={<SearchOutlined />}
          placeholder="Search name or SKU"
          aria-label="Search products by name or SKU"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage((current) => ({ ...current, current: 1 }));
          }}
        />
        {search.trim() !== '' && (
          <span className="admin-secondary" aria-live="polite">
            {shown.length} of {list.length} products
          </span>
        )}
      </div>
      <div className="admin-actions">
        <Button
          icon={<DownloadOutlined />}
          onClick={exportCsv}
          disabled={products.isPending || products.isError}
        >
          Export CSV
        </Button>
        <Button
          icon={<UploadOutlined />}
          onClick={() => fileInput.current?.click()}
          loading={csvBusy === 'import'}
          disabled={products.isPending || products.isError}
        >
          Import CSV
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="Catalog CSV file"
          data-testid="catalog-csv-input"
          onChange={(event) => void chooseFile(event)}
        />
      </div>
    </div>
  );

  return (
    <EditableListSection<Product>
      headingId="catalog-title"
      title="Catalog"
      addLabel="Add Product"
      onAdd={() => setEditing({ mode: 'create' })}
      items={shown}
      isPending={products.isPending}
      isError={products.isError}
      emptyText={search.trim() ? 'No product matches this search' : 'No products yet'}
      errorText="Could not load products"
      columns={columns}
      // 12 x 8 px cells: the twelve columns, Stock, Claims and Edit included, fit 1280 px.
      tableSize="middle"
      toolbar={toolbar}
      pagination={{
        page: page.current,
        pageSize: page.pageSize,
        pageSizes: PAGE_SIZES,
        onChange: (current, pageSize) => setPage({ current, pageSize }),
      }}
      cardLabel={(p) => p.name}
      renderCard={(p) => (
        <>
          <div className="admin-card__top">
            <div style={{ display: 'flex', gap: 10, minWidth: 0 }}>
              <ProductImage
                image={p.image_url}
                imageSizes={p.image_sizes}
                sizes={THUMB_IMAGE_SIZES}
                fallbackWidth={160}
                alt=""
                className="admin-thumb"
                loading="lazy"
              />
              <div>
                <strong>{p.name}</strong>
                <div className="admin-card__meta" style={{ marginTop: 0 }}>
                  {p.sku && <span>SKU {p.sku}</span>}
                  <span>Retailer {formatUsd(p.price_retailer)}</span>
                  <span>Wholesaler {wholesaleLabel(p.price_wholesaler)}</span>
                  <span>{packLabel(p)}</span>
                  <span>Order {p.sort_order}</span>
                  <span>
                    Claims <ClaimsCell figure={claims.byProduct.get(p.id)} known={claimsKnown} />
                  </span>
                </div>
                <StockCell product={p} />
              </div>
            </div>
            {p.is_active ? <Tag color="success">Active</Tag> : <Tag color="default">Inactive</Tag>}
          </div>
          <div className="admin-card__actions">
            <ProductActions product={p} onEdit={() => setEditing({ mode: 'edit', product: p })} />
          </div>
        </>
      )}
    >
      {editing && (
        <ProductFormModal
          product={editing.mode === 'edit' ? editing.product : undefined}
          nextSortOrder={nextSortOrder}
          otherSkus={skusOfOthers}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && (
        <CatalogImportModal
          fileName={importing.fileName}
          plan={importing.plan}
          onClose={() => setImporting(null)}
        />
      )}
    </EditableListSection>
  );
}
