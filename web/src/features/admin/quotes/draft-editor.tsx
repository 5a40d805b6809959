/**
 * The draft order editor (docs/order-lifecycle.md#draft-orders-and-quotes), in a drawer that
 * fills a phone's screen: the company (searched among the approved ones; fixed once saved) and
 * the location it ships to, products from the catalog at the company's prices (shown as the
 * company pays them now, for the manager's eyes only), a per-line price override with its
 * reason, a shipping charge, a note to the buyer and the days the quote stays valid. Save draft
 * calls saveDraftOrder, which prices every line on the server: the saved lines are shown with the
 * company's price and the price quoted, as the server wrote them. A saved draft can be deleted,
 * or sent (SendQuoteDialog) once its changes are saved.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatUsd,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  QUOTE_VALID_DAYS_MAX,
  quoteLineConflicts,
  type Quote,
} from '@portal/domain';
import { Drawer, Input, InputNumber, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/app-loading';
import { Button } from '@/components/button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/native-select';
import { useAllProducts, type ProductWithPrices } from '@/entities/catalog';
import { useDeleteDraftOrder, useQuote, useSaveDraftOrder } from '@/entities/quotes';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { useCompanyDetails } from '../common/search';
import { CompanyField } from './company-field';
import { DraftLineRow, type DraftControl } from './draft-line-row';
import {
  draftEstimate,
  draftFormSchema,
  draftFormValues,
  linesMessage,
  newLine,
  type CompanyPriceOf,
  type DraftFormValues,
  type DraftRequest,
} from './draft-form';
import { useCompanyPrices } from './draft-prices';
import { QuoteLinesTable } from './quote-lines-table';
import { QUOTES_TEXTS } from './quote-text';
import { SendQuoteDialog } from './send-quote-dialog';
import '../common/admin-tables.css';
import './quotes.css';

const productLabel = (product: ProductWithPrices) =>
  [product.name, product.sku].filter(Boolean).join(' · ');

/** The lines: "Add a product" (the active catalog, searched by name or SKU), then each line. */
function LinesField({
  control,
  products,
  priceOf,
  errors,
}: {
  control: DraftControl;
  products: readonly ProductWithPrices[];
  priceOf: CompanyPriceOf | null;
  errors: FieldErrors<DraftFormValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const inDraft = useMemo(() => new Set(fields.map((field) => field.productId)), [fields]);
  const options = useMemo(
    () =>
      products
        .filter((product) => product.is_active && !inDraft.has(product.id))
        .map((product) => ({ value: product.id, label: productLabel(product) })),
    [products, inDraft],
  );
  // What sending would be refused for, in the server's words (the same domain check).
  const warnings = useMemo(() => {
    const written = lines.flatMap((line) =>
      typeof line.quantity === 'number' && line.quantity > 0
        ? [
            {
              product_id: line.productId,
              name: byId.get(line.productId)?.name ?? line.productId,
              quantity: line.quantity,
            },
          ]
        : [],
    );
    const byProduct = new Map<string, string[]>();
    for (const conflict of quoteLineConflicts(written, byId)) {
      byProduct.set(conflict.productId, [
        ...(byProduct.get(conflict.productId) ?? []),
        conflict.message,
      ]);
    }
    return byProduct;
  }, [lines, byId]);
  const message = linesMessage(errors);

  return (
    <section className="draft-lines" aria-labelledby="draft-lines-title">
      <h3 id="draft-lines-title" className="draft-editor__heading">
        Products ({fields.length})
      </h3>
      <FormField id="draft-add-product" label="Add a product">
        <Select<string | null>
          id="draft-add-product"
          style={{ width: '100%' }}
          placeholder="Search the catalog by name or SKU"
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          value={null}
          onChange={(productId) => {
            if (!productId) return;
            append(newLine(productId, byId.get(productId)), {
              focusName: `lines.${fields.length}.quantity`,
            });
          }}
          notFoundContent="No product left to add"
        />
      </FormField>
      {message && (
        <p role="alert" className="draft-editor__error">
          {message}
        </p>
      )}
      <div className="draft-lines__rows">
        {fields.map((field, index) => {
          const product = byId.get(field.productId);
          return (
            <DraftLineRow
              key={field.id}
              control={control}
              index={index}
              product={product}
              name={product?.name ?? `Unknown product (${field.productId})`}
              priceOf={priceOf}
              warnings={warnings.get(field.productId) ?? []}
              errors={errors}
              onRemove={() => remove(index)}
            />
          );
        })}
      </div>
    </section>
  );
}

/** The company, fixed once the draft is saved, and the location it ships to. */
function CompanyAndLocation({
  control,
  fixedName,
  locations,
  detailsFailed,
  errors,
}: {
  control: DraftControl;
  /** The saved draft's company (null: a new draft chooses one). */
  fixedName: string | null;
  locations: readonly { id: string; name: string; address: string }[] | null;
  detailsFailed: boolean;
  errors: FieldErrors<DraftFormValues>;
}) {
  return (
    <div className="draft-editor__grid">
      {fixedName === null ? (
        <Controller
          control={control}
          name="companyId"
          render={({ field }) => (
            <FormField id="draft-company" label="Company" error={errors.companyId?.message}>
              {(props) => (
                <CompanyField
                  id={props.id}
                  invalid={props['aria-invalid']}
                  describedBy={props['aria-describedby']}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            </FormField>
          )}
        />
      ) : (
        <div className="draft-editor__fact">
          <span className="form-field__label">Company</span>
          <span>{fixedName}</span>
        </div>
      )}
      <Controller
        control={control}
        name="locationId"
        render={({ field }) => (
          <FormField
            id="draft-location"
            label="Location"
            hint={
              detailsFailed
                ? QUOTES_TEXTS.companyFailed
                : locations?.length === 0
                  ? 'This company has no location yet.'
                  : 'Where the order ships.'
            }
            error={errors.locationId?.message}
          >
            {(props) => (
              <NativeSelect<string>
                {...props}
                invalid={props['aria-invalid']}
                value={field.value}
                placeholder={locations === null ? 'Choose a company first' : 'Choose a location'}
                options={(locations ?? []).map((location) => ({
                  value: location.id,
                  label: location.address
                    ? `${location.name} — ${location.address}`
                    : location.name,
                }))}
                disabled={!locations || locations.length === 0}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </FormField>
        )}
      />
    </div>
  );
}

export function DraftEditor({
  draft,
  onClose,
  onSent,
}: {
  /** The draft to edit, or null for a new one. */
  draft: Quote | null;
  onClose: () => void;
  /** Sent: the section shows the quote it became. */
  onSent: (quoteId: string) => void;
}) {
  useReturnFocus();
  const notify = useNotify();
  const products = useAllProducts();
  const save = useSaveDraftOrder();
  const remove = useDeleteDraftOrder();
  const [quoteId, setQuoteId] = useState<string | null>(draft?.id ?? null);
  const saved = useQuote(quoteId);
  const savedQuote = saved.data ?? (draft && draft.id === quoteId ? draft : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const byId = useMemo(
    () => new Map((products.data ?? []).map((p) => [p.id, p] as const)),
    [products.data],
  );
  const resolver = useMemo(
    () =>
      zodResolver(draftFormSchema((productId) => byId.get(productId)?.name ?? productId, quoteId)),
    [byId, quoteId],
  );
  const [defaultValues] = useState(() => draftFormValues(draft));
  const form = useForm<DraftFormValues, unknown, DraftRequest>({ resolver, defaultValues });
  const { control, handleSubmit, setValue, getValues, reset } = form;
  const { errors, isDirty, isSubmitting } = form.formState;

  const companyId = useWatch({ control, name: 'companyId' });
  const details = useCompanyDetails(companyId);
  const company = details.data?.company;
  const locations = useMemo(() => {
    if (!details.data) return null;
    const current = getValues('locationId');
    return details.data.locations.filter(
      (location) => !location.archived || location.id === current,
    );
  }, [details.data, getValues]);
  // A company chosen: its first location, unless the one chosen is the company's.
  useEffect(() => {
    if (!locations) return;
    const current = getValues('locationId');
    if (!locations.some((location) => location.id === current)) {
      setValue('locationId', locations[0]?.id ?? '', { shouldDirty: true });
    }
  }, [locations, getValues, setValue]);
  const prices = useCompanyPrices(companyId, company?.businessType ?? null);

  const values = useWatch({ control });
  const estimate = useMemo(
    () => draftEstimate(values, byId, prices.priceOf),
    [values, byId, prices.priceOf],
  );

  const companyName = draft?.company_name ?? company?.name ?? savedQuote?.company_name ?? '';
  const title = quoteId ? QUOTES_TEXTS.draftTitle(companyName) : QUOTES_TEXTS.newTitle;

  const submit = handleSubmit(async (request) => {
    setFailure(null);
    const typed = getValues();
    try {
      const answer = await save.mutateAsync(request);
      setQuoteId(answer.quoteId);
      // What was saved is the form's new starting point: Send waits for the next change's save.
      reset(typed);
      notify.success(QUOTES_TEXTS.saved, QUOTES_TEXTS.savedText);
    } catch (error) {
      setFailure(callableErrorMessage(error, QUOTES_TEXTS.saveFailed));
    }
  });

  const deleteDraft = async () => {
    if (!quoteId) return;
    setFailure(null);
    try {
      await remove.mutateAsync({ quoteId });
      notify.success(QUOTES_TEXTS.deleted);
      onClose();
    } catch (error) {
      setFailure(callableErrorMessage(error, QUOTES_TEXTS.deleteFailed));
    }
  };

  // Sent meanwhile (another manager, another tab): it can no longer change here.
  const sentAlready = savedQuote !== null && savedQuote.state !== 'draft';
  const canSend =
    quoteId !== null && !isDirty && savedQuote !== null && !saved.isFetching && !sentAlready;
  const sendHint =
    quoteId === null ? QUOTES_TEXTS.sendNew : isDirty ? QUOTES_TEXTS.sendUnsaved : null;

  const footer = (
    <div className="draft-editor__footer">
      {quoteId && (
        <ConfirmPopover
          title={QUOTES_TEXTS.deleteTitle}
          description="It was never sent: nothing is mailed, and no stock was held."
          okText={QUOTES_TEXTS.deleteDraft}
          okDanger
          onConfirm={deleteDraft}
        >
          {(trigger) => (
            <Button {...trigger} danger loading={remove.isPending}>
              {QUOTES_TEXTS.deleteDraft}
            </Button>
          )}
        </ConfirmPopover>
      )}
      <span className="draft-editor__spacer" />
      <Button onClick={onClose}>{QUOTES_TEXTS.close}</Button>
      <Button
        onClick={() => setSending(true)}
        disabled={!canSend}
        aria-describedby={sendHint ? 'draft-send-hint' : undefined}
      >
        {QUOTES_TEXTS.send}
      </Button>
      <Button
        type="primary"
        htmlType="submit"
        form="draft-form"
        loading={isSubmitting}
        disabled={sentAlready}
      >
        {QUOTES_TEXTS.saveDraft}
      </Button>
      {sendHint && (
        <p id="draft-send-hint" className="draft-editor__send-hint">
          {sendHint}
        </p>
      )}
    </div>
  );

  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      size="min(880px, 100vw)"
      rootClassName="draft-editor"
      mask={{ closable: false }}
      destroyOnHidden
      footer={footer}
    >
      {products.data ? (
        <form
          id="draft-form"
          className="draft-editor__form"
          aria-label="Draft order form"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <CompanyAndLocation
            control={control}
            fixedName={quoteId ? companyName : null}
            locations={locations}
            detailsFailed={details.isError}
            errors={errors}
          />
          {prices.listsFailed && <Alert type="warning" title={QUOTES_TEXTS.pricesFailed} />}
          <LinesField
            control={control}
            products={products.data}
            priceOf={prices.priceOf}
            errors={errors}
          />
          <div className="draft-editor__grid">
            <Controller
              control={control}
              name="shipping"
              render={({ field }) => (
                <FormField
                  id="draft-shipping"
                  label="Shipping charge (USD)"
                  hint="Not taxed. Leave empty for none."
                  error={errors.shipping?.message}
                >
                  {(props) => (
                    <Input
                      {...props}
                      {...field}
                      prefix="$"
                      inputMode="decimal"
                      autoComplete="off"
                      status={errors.shipping ? 'error' : undefined}
                    />
                  )}
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="validDays"
              render={({ field }) => (
                <FormField
                  id="draft-valid-days"
                  label="Valid for (days)"
                  hint="From when it is sent. A payment link works 24 hours at most."
                  error={errors.validDays?.message}
                >
                  {(props) => (
                    <InputNumber<number>
                      {...props}
                      min={1}
                      max={QUOTE_VALID_DAYS_MAX}
                      precision={0}
                      style={{ width: '100%' }}
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      onBlur={field.onBlur}
                      status={errors.validDays ? 'error' : undefined}
                    />
                  )}
                </FormField>
              )}
            />
          </div>
          <Controller
            control={control}
            name="note"
            render={({ field }) => (
              <FormField
                id="draft-note"
                label="Note to the buyer"
                hint="Shown on the quote and in its mail."
                error={errors.note?.message}
              >
                {(props) => (
                  <Input.TextArea
                    {...props}
                    {...field}
                    rows={3}
                    maxLength={QUOTE_LIMITS.note}
                    showCount
                    status={errors.note ? 'error' : undefined}
                  />
                )}
              </FormField>
            )}
          />
          <p className="draft-editor__estimate">
            Estimated total before tax: <strong>{formatUsd(estimate)}</strong>
            <span className="admin-secondary"> {QUOTES_TEXTS.estimate}</span>
          </p>
          {sentAlready && <Alert type="warning" title={QUOTE_MESSAGES.notDraft} />}
          {errors.root?.message && <Alert type="error" title={errors.root.message} />}
          {failure && <Alert type="error" title={failure} />}
        </form>
      ) : products.isError ? (
        <Alert type="error" title={QUOTES_TEXTS.catalogFailed} />
      ) : (
        <div className="draft-editor__loading" role="status">
          <Spinner /> Loading the catalog…
        </div>
      )}
      {savedQuote && (
        <section className="draft-editor__saved" aria-labelledby="draft-saved-title">
          <h3 id="draft-saved-title" className="draft-editor__heading">
            Saved draft, as the server priced it
          </h3>
          {isDirty && <p className="draft-editor__unsaved">{QUOTES_TEXTS.unsaved}</p>}
          <QuoteLinesTable quote={savedQuote} label="Saved lines" />
        </section>
      )}
      {sending && savedQuote && (
        <SendQuoteDialog
          quote={savedQuote}
          onClose={() => setSending(false)}
          onDone={() => onSent(savedQuote.id)}
        />
      )}
    </Drawer>
  );
}
