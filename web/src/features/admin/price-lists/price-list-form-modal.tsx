/**
 * The price list editor: a new list (no list) or a change to one, in a dialog. Name, first and
 * last day (Pacific business days, both included, either left open), companies and products. The
 * form is checked with the domain's savePriceListRequest before anything is sent (each problem
 * beside its field); Save calls savePriceList, whose refusal is shown in the dialog, and the tab's
 * list is read again once it is saved.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { SavePriceListInput } from '@portal/domain';
import { Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAllProducts, type ProductWithPrices } from '@/entities/catalog';
import { useSavePriceList, type PriceListRecord } from '@/entities/price-lists';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/app-loading';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { CompaniesField } from './companies-field';
import { EntriesField, pageOfRow } from './entries-field';
import {
  firstRowWithError,
  priceListFormSchema,
  priceListFormValues,
  type PriceListFormValues,
} from './price-list-form';
import './price-list-editor.css';

export const PRICE_LIST_FORM_TEXTS = {
  saveFailed: 'Could not save the price list.',
  catalogFailed: 'Could not load the catalog. Close this and try again.',
} as const;

function Footer({ onClose, saving }: { onClose: () => void; saving?: boolean }) {
  return (
    <div className="price-list-form__footer">
      <Button onClick={onClose}>Cancel</Button>
      {saving !== undefined && (
        <Button type="primary" htmlType="submit" loading={saving}>
          Save price list
        </Button>
      )}
    </div>
  );
}

function PriceListForm({
  list,
  products,
  onClose,
}: {
  list: PriceListRecord | undefined;
  products: readonly ProductWithPrices[];
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useSavePriceList();
  const [failure, setFailure] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const resolver = useMemo(() => zodResolver(priceListFormSchema(list?.id)), [list?.id]);
  // The values the form starts from (the catalog is loaded: rows in catalog order).
  const [defaultValues] = useState(() => priceListFormValues(list, products));
  const form = useForm<PriceListFormValues, unknown, SavePriceListInput>({
    resolver,
    defaultValues,
  });
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = form;

  const submit = handleSubmit(
    async (request) => {
      setFailure(null);
      try {
        await save.mutateAsync(request);
        notify.success('Price list saved', `${request.name} is saved.`);
        onClose();
      } catch (error) {
        setFailure(callableErrorMessage(error, PRICE_LIST_FORM_TEXTS.saveFailed));
      }
    },
    (problems) => {
      // A row with a problem on another page: show its page.
      const row = firstRowWithError(problems);
      if (row !== null) setPage(pageOfRow(row));
    },
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Price list form"
      className="price-list-form"
    >
      <Controller
        control={control}
        name="name"
        render={({ field }) => (
          <FormField id="price-list-name" label="Name" error={errors.name?.message}>
            {(props) => (
              <Input
                {...props}
                {...field}
                autoComplete="off"
                placeholder="e.g. Coastal chain, 5% off syrups"
                status={errors.name ? 'error' : undefined}
              />
            )}
          </FormField>
        )}
      />
      <div className="price-list-form__grid">
        <Controller
          control={control}
          name="valid_from"
          render={({ field }) => (
            <FormField
              id="price-list-from"
              label="First day"
              hint="Optional: empty applies from now."
              error={errors.valid_from?.message}
            >
              {(props) => (
                <Input
                  {...props}
                  {...field}
                  type="date"
                  status={errors.valid_from ? 'error' : undefined}
                />
              )}
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="valid_to"
          render={({ field }) => (
            <FormField
              id="price-list-to"
              label="Last day"
              hint="Optional: empty has no end."
              error={errors.valid_to?.message}
            >
              {(props) => (
                <Input
                  {...props}
                  {...field}
                  type="date"
                  status={errors.valid_to ? 'error' : undefined}
                />
              )}
            </FormField>
          )}
        />
      </div>
      <p className="price-list-form__note">
        Days are in Pacific time; the first and last day are both included.
      </p>
      <Controller
        control={control}
        name="company_ids"
        render={({ field }) => (
          <FormField
            id="price-list-companies"
            label="Companies"
            hint="The list applies to these companies' orders."
            error={errors.company_ids?.message}
          >
            {(props) => (
              <CompaniesField
                id={props.id}
                invalid={props['aria-invalid']}
                describedBy={props['aria-describedby']}
                value={field.value}
                initialIds={defaultValues.company_ids}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </FormField>
        )}
      />
      <EntriesField form={form} products={products} page={page} onPageChange={setPage} />
      {errors.root?.message && <Alert type="error" title={errors.root.message} />}
      {failure && <Alert type="error" title={failure} />}
      <Footer onClose={onClose} saving={save.isPending} />
    </form>
  );
}

/** The editor's dialog: the form once the catalog (its products and prices) is loaded. */
export function PriceListFormModal({
  list,
  onClose,
}: {
  list?: PriceListRecord;
  onClose: () => void;
}) {
  // Removed when closed: the focus goes back to the button that opened it.
  useReturnFocus();
  const products = useAllProducts();

  return (
    <Modal
      open
      width={960}
      title={list ? `Edit ${list.name}` : 'New price list'}
      footer={null}
      onCancel={onClose}
      // A stray click beside a long form must not throw the manager's work away.
      mask={{ closable: false }}
      destroyOnHidden
    >
      {products.data ? (
        <PriceListForm list={list} products={products.data} onClose={onClose} />
      ) : products.isError ? (
        <>
          <Alert type="error" title={PRICE_LIST_FORM_TEXTS.catalogFailed} />
          <Footer onClose={onClose} />
        </>
      ) : (
        <>
          <div className="price-list-form__loading" role="status">
            <Spinner /> Loading the catalog…
          </div>
          <Footer onClose={onClose} />
        </>
      )}
    </Modal>
  );
}
