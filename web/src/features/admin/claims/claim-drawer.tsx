import { Drawer } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  askClaimQuestionRequest,
  CLAIM_KIND_LABELS,
  CLAIM_LIMITS,
  CLAIM_REMEDY_LABELS,
  formatUsd,
  isOpenClaim,
  rejectClaimRequest,
  routePath,
  type AskClaimQuestionRequest,
  type Claim,
  type ClaimEvent,
  type RejectClaimRequest,
  type ClaimSettlement,
} from '@portal/domain';
import { Button } from '@/components/button';
import { TextSkeleton } from '@/components/skeleton';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { useClaim, useClaimPhotos } from '@/entities/claims';
import { useReturnFocus } from '@/lib/focus-return';
import { useAskClaimQuestion, useRejectClaim } from './claim-actions';
import { ClaimTextDialog, type TextCheck } from './claim-text-dialog';
import { ClaimStatusTag } from './claim-status-tag';
import { adminOrderHref, CLAIMS_TEXTS as TEXTS, formatMoment, orderLabel } from './claims-text';
import { SettleClaimDialog } from './settle-claim-dialog';

type ClaimLine = Claim['lines'][number];

/** The text of a request whose one field is typed, checked by the domain's schema. */
function textCheck<Request>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: Request }
      | { success: false; error: { issues: readonly { message: string }[] } };
  },
  build: (text: string) => unknown,
): TextCheck<Request> {
  return (text) => {
    const parsed = schema.safeParse(build(text));
    if (parsed.success) return { ok: true, request: parsed.data };
    return { ok: false, problem: parsed.error.issues[0]?.message ?? TEXTS.actionFailed };
  };
}

const EVENT_TITLES: Readonly<Record<ClaimEvent['kind'], string>> = {
  reported: 'Reported',
  question: 'Question to the buyer',
  answer: 'The buyer answered',
  settled: 'Settled',
  rejected: 'Rejected',
  note: 'Note',
};

const lineColumns: readonly DataColumn<ClaimLine>[] = [
  {
    title: 'Product',
    key: 'product',
    render: (line) => (
      <>
        <div>{line.name}</div>
        {line.sku && <div className="admin-muted">{line.sku}</div>}
      </>
    ),
  },
  { title: 'Units', key: 'units', align: 'right', render: (line) => line.quantity },
  {
    title: 'Unit price',
    key: 'unit',
    align: 'right',
    render: (line) => formatUsd(line.unit_amount),
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    render: (line) => formatUsd(line.unit_amount * line.quantity),
  },
];

type Dialog = 'ask' | 'reject' | 'settle' | null;

/**
 * One claim: its order, who reported it when, the lines with their units and prices, its value,
 * the buyer's note and photos, how it was settled or why rejected, and its timeline. An open
 * claim offers Ask the buyer, Reject (with a reason) and Settle. The claim is read again while
 * shown, so a decision shows in it at once.
 */
export function ClaimDrawer({ claim: row, onClose }: { claim: Claim; onClose: () => void }) {
  useReturnFocus();
  const read = useClaim(row);
  const claim = read.data ?? row;
  const [dialog, setDialog] = useState<Dialog>(null);
  const ask = useAskClaimQuestion();
  const reject = useRejectClaim();
  const open = isOpenClaim(claim.status);
  const store = claim.store_name || claim.company_id;
  const label = orderLabel(claim);

  const facts: [string, ReactNode][] = [
    [
      'Order',
      <>
        <Link to={adminOrderHref(claim.order_id)} onClick={onClose}>
          Open order {label}
        </Link>
        {claim.invoice_number && (
          <>
            {' · '}
            <a
              href={routePath('adminInvoice', { orderId: claim.order_id })}
              target="_blank"
              rel="noopener"
              aria-label={`Invoice ${claim.invoice_number} (opens in a new tab)`}
            >
              Invoice
            </a>
          </>
        )}
      </>,
    ],
    [
      'Store',
      <Link key="store" to={routePath('adminCompany', { companyId: claim.company_id })}>
        {store}
      </Link>,
    ],
    ['Reported by', claim.reporter_name || '—'],
    ['Reported', formatMoment(claim.created_at)],
    ['Kind', CLAIM_KIND_LABELS[claim.kind]],
    ['Status', <ClaimStatusTag key="status" claim={claim} />],
    ['Value', formatUsd(claim.value)],
  ];

  return (
    <Drawer
      open
      title={`Claim on ${label} · ${store}`}
      onClose={onClose}
      width="min(760px, 100vw)"
      rootClassName="claim-drawer"
      destroyOnHidden
      footer={
        open ? (
          <div className="admin-actions">
            <Button type="primary" onClick={() => setDialog('settle')}>
              {TEXTS.settle}
            </Button>
            <Button onClick={() => setDialog('ask')}>{TEXTS.ask}</Button>
            <Button danger onClick={() => setDialog('reject')}>
              {TEXTS.reject}
            </Button>
          </div>
        ) : null
      }
    >
      <div className="claim-drawer__body">
        <dl className="claim-drawer__facts">
          {facts.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="claim-items">
          <h3 id="claim-items" className="claim-drawer__heading">
            Items
          </h3>
          <DataTable<ClaimLine>
            label={`Items of the claim on ${label}`}
            size="small"
            rowKey={(line) => line.product_id}
            columns={lineColumns}
            rows={claim.lines}
            footer={{ product: 'Claim value (with tax)', amount: formatUsd(claim.value) }}
          />
        </section>
        <section aria-labelledby="claim-note">
          <h3 id="claim-note" className="claim-drawer__heading">
            The buyer&apos;s note
          </h3>
          <p className="claim-drawer__text">
            {claim.note || <span className="admin-muted">No note.</span>}
          </p>
        </section>
        <ClaimPhotos claim={claim} />
        {claim.settlement && <Settlement settlement={claim.settlement} onOpenOrder={onClose} />}
        {claim.status === 'rejected' && claim.rejection_reason && (
          <section aria-labelledby="claim-rejection">
            <h3 id="claim-rejection" className="claim-drawer__heading">
              Rejected
            </h3>
            <p className="claim-drawer__text">{claim.rejection_reason}</p>
          </section>
        )}
        <Timeline events={claim.timeline} />
      </div>
      {dialog === 'ask' && (
        <ClaimTextDialog
          id="claim-question"
          title={`Ask ${store} about the claim on ${label}`}
          label="Question"
          hint="The buyer reads it in the portal and by mail, and answers there."
          okText={TEXTS.askOk}
          maxLength={CLAIM_LIMITS.message}
          check={textCheck<AskClaimQuestionRequest>(askClaimQuestionRequest, (text) => ({
            claimId: claim.id,
            text,
          }))}
          send={(request, outcome) => ask.mutate(request, outcome)}
          pending={ask.isPending}
          done={{ title: TEXTS.askedTitle, text: `${store} is asked about the claim on ${label}.` }}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'reject' && (
        <ClaimTextDialog
          id="claim-reason"
          title={`Reject the claim on ${label}`}
          label="Reason"
          hint="The buyer reads this reason in the portal and by mail."
          okText={TEXTS.rejectOk}
          danger
          maxLength={CLAIM_LIMITS.reason}
          check={textCheck<RejectClaimRequest>(rejectClaimRequest, (reason) => ({
            claimId: claim.id,
            reason,
          }))}
          send={(request, outcome) => reject.mutate(request, outcome)}
          pending={reject.isPending}
          done={{ title: TEXTS.rejectedTitle, text: `The claim on ${label} is rejected.` }}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'settle' && <SettleClaimDialog claim={claim} onClose={() => setDialog(null)} />}
    </Drawer>
  );
}

function ClaimPhotos({ claim }: { claim: Claim }) {
  const photos = useClaimPhotos(claim);
  if (claim.photos.length === 0) return null;
  const count = claim.photos.length;
  return (
    <section aria-labelledby="claim-photos">
      <h3 id="claim-photos" className="claim-drawer__heading">
        Photos ({count})
      </h3>
      {photos.isPending ? (
        <div role="status" aria-label="Loading the photos">
          <TextSkeleton rows={2} />
        </div>
      ) : (
        <ul className="claim-drawer__photos">
          {(photos.data ?? claim.photos.map((p) => ({ ...p, url: null }))).map((photo, index) => {
            const name = `Photo ${index + 1} of ${count}${photo.name ? `: ${photo.name}` : ''}`;
            return (
              <li key={photo.id}>
                {photo.url ? (
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={`${name} (opens in a new tab)`}
                  >
                    <img src={photo.url} alt={name} loading="lazy" />
                  </a>
                ) : (
                  <span className="claim-drawer__photo-failed" role="img" aria-label={name}>
                    {TEXTS.photoFailed}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Settlement({
  settlement,
  onOpenOrder,
}: {
  settlement: ClaimSettlement;
  onOpenOrder: () => void;
}) {
  const restocked = Object.values(settlement.restocked).reduce((sum, units) => sum + units, 0);
  const facts: [string, ReactNode][] = [
    ['Remedy', CLAIM_REMEDY_LABELS[settlement.remedy]],
    ['Amount', formatUsd(settlement.amount)],
    ['Settled', formatMoment(settlement.at)],
  ];
  if (settlement.credit_note_number) {
    facts.push(['Credit note', settlement.credit_note_number]);
  }
  if (settlement.replacement_order_id) {
    facts.push([
      'Replacement order',
      <Link
        key="replacement"
        to={adminOrderHref(settlement.replacement_order_id)}
        onClick={onOpenOrder}
      >
        Open replacement order
      </Link>,
    ]);
  }
  facts.push(['Back in stock', restocked > 0 ? `${restocked} units` : 'No']);
  if (settlement.note) facts.push(['Note to the buyer', settlement.note]);
  return (
    <section aria-labelledby="claim-settlement">
      <h3 id="claim-settlement" className="claim-drawer__heading">
        Settlement
      </h3>
      <dl className="claim-drawer__facts">
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Timeline({ events }: { events: readonly ClaimEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="claim-timeline">
      <h3 id="claim-timeline" className="claim-drawer__heading">
        Timeline
      </h3>
      <ol className="admin-timeline">
        {events.map((event, index) => (
          <li key={`${event.kind}-${index}`} className="admin-timeline__item">
            <div>
              <strong>{EVENT_TITLES[event.kind]}</strong>
              <span className="admin-muted">
                {' '}
                · {formatMoment(event.at)}
                {event.by_name ? ` · ${event.by_name}` : ''}
                {event.by_role === 'manager' ? ' (manager)' : ' (buyer)'}
              </span>
            </div>
            {event.text && <p className="claim-drawer__text">{event.text}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
