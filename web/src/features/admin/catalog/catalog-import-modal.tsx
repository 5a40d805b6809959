import { formatUsd, type CatalogRowError } from '@portal/domain';
import { Alert, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useReturnFocus } from '@/lib/focus-return';
import { errorMessage, useNotify } from '@/lib/notify';
import { useImportCatalog } from '@/entities/catalog';
import type { CatalogImportPlan, PlannedRow } from './catalog-csv';
import { ScrollBox } from '@/components/table/scroll-box';
import './catalog-editor.css';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Imported 12 products (3 created, 9 updated)" */
export function importedMessage(created: number, updated: number): string {
  return `Imported ${plural(created + updated, 'product')} (${created} created, ${updated} updated)`;
}

const rowColumns: TableColumnsType<PlannedRow> = [
  { title: 'Line', dataIndex: 'line', width: 64, align: 'right' },
  {
    title: 'Action',
    dataIndex: 'action',
    render: (action: PlannedRow['action']) =>
      action === 'create' ? <Tag color="blue">Create</Tag> : <Tag color="gold">Update</Tag>,
  },
  { title: 'SKU', key: 'sku', render: (_, r) => r.row.sku },
  { title: 'Name', key: 'name', render: (_, r) => r.row.name },
  {
    title: 'Retailer',
    key: 'retail',
    align: 'right',
    render: (_, r) => formatUsd(r.row.price_retailer),
  },
  {
    title: 'Wholesaler',
    key: 'wholesale',
    align: 'right',
    render: (_, r) => formatUsd(r.row.price_wholesaler),
  },
  {
    title: 'Stock',
    key: 'stock',
    align: 'right',
    render: (_, r) => (r.row.stock_on_hand === null ? 'Not tracked' : r.row.stock_on_hand),
  },
];

const errorColumns: TableColumnsType<CatalogRowError> = [
  { title: 'Line', dataIndex: 'line', width: 64, align: 'right' },
  { title: 'SKU', dataIndex: 'sku', render: (sku: string) => sku || '—' },
  { title: 'Problem', dataIndex: 'message' },
];

type Progressing = { written: number; total: number };

/**
 * The preview of a catalog CSV import: each row as Create or Update with the counts, or every
 * error with its line and SKU (then the Import button stays disabled: nothing is written unless
 * every row is valid). Importing shows the products written so far, then the result.
 */
export function CatalogImportModal({
  fileName,
  plan,
  onClose,
}: {
  fileName: string;
  plan: CatalogImportPlan;
  onClose: () => void;
}) {
  // Removed when closed: the focus goes back to the Import CSV button.
  useReturnFocus();
  const notify = useNotify();
  const importCatalog = useImportCatalog();
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = plan.errors.length > 0;
  const total = plan.rows.length;

  const run = async () => {
    setFailure(null);
    setProgress({ written: 0, total });
    try {
      const result = await importCatalog.mutateAsync({
        rows: plan.rows.map((planned) => planned.row),
        columns: plan.columns,
        existingBySku: plan.existingBySku,
        onProgress: (written, of) => setProgress({ written, total: of }),
      });
      const message = importedMessage(result.created, result.updated);
      setDone(message);
      notify.success('Import complete', message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const running = importCatalog.isPending;

  return (
    <Modal
      open
      width={900}
      title={`Import catalog: ${fileName}`}
      okText={done ? 'Close' : 'Import'}
      onOk={done ? onClose : () => void run()}
      okButtonProps={{
        // After a failed import the plan is stale (some products now exist): choose the file again.
        disabled: !done && (invalid || total === 0 || failure !== null),
        loading: running,
      }}
      cancelButtonProps={{ disabled: running, style: done ? { display: 'none' } : undefined }}
      onCancel={running ? undefined : onClose}
      closable={!running}
      maskClosable={false}
      destroyOnHidden
    >
      {invalid ? (
        <>
          <Alert
            type="error"
            showIcon
            role="alert"
            message={`${plural(plan.errors.length, 'problem')} in this file: nothing will be imported.`}
            description="Fix these rows and choose the file again."
            style={{ marginBottom: 12 }}
          />
          <Table<CatalogRowError>
            size="small"
            rowKey={(e) => `${e.line}-${e.message}`}
            columns={errorColumns}
            dataSource={plan.errors}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            aria-label="Import errors"
          />
        </>
      ) : (
        <>
          {done ? (
            <Alert type="success" showIcon message={done} style={{ marginBottom: 12 }} />
          ) : (
            <p>
              {plural(total, 'product')}: {plan.created} to create, {plan.updated} to update.
              Products missing from the file stay as they are.
            </p>
          )}
          {progress && !done && (
            // A native progress bar: antd's Progress would add its chart code to the admin bundle.
            <div className="catalog-import__progress">
              <progress
                value={progress.written}
                max={Math.max(1, progress.total)}
                aria-label="Import progress"
              />
              <span aria-live="polite">
                {progress.written} of {plural(progress.total, 'product')} written
              </span>
            </div>
          )}
          {failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={`The import stopped after ${progress?.written ?? 0} of ${total} products: ${failure}`}
              description="Close this and import the same file again to finish: the products already written are matched by SKU and updated."
              style={{ marginBottom: 12 }}
            />
          )}
          <ScrollBox label="Import preview table">
            <Table<PlannedRow>
              size="small"
              rowKey="line"
              columns={rowColumns}
              dataSource={plan.rows}
              pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
              aria-label="Import preview"
            />
          </ScrollBox>
        </>
      )}
    </Modal>
  );
}
