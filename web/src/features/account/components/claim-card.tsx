import {
  answerClaimRequest,
  CLAIM_KIND_LABELS,
  CLAIM_LIMITS,
  CLAIM_STATUS_LABELS,
  formatUsd,
  shortOrderId,
  type Claim,
  type ClaimEvent,
  type ClaimStatus,
} from '@portal/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Tag, type TagColor } from '@/components/tag';
import { TextArea } from '@/components/text-input';
import { useAnswerClaim, useClaimPhotoUrl } from '@/entities/claims';
import { errorMessage, useNotify } from '@/lib/notify';
import { CLAIM_TEXTS, claimDay, settlementText } from './claims-text';

const STATUS_COLORS: Readonly<Record<ClaimStatus, TagColor>> = {
  new: 'blue',
  awaiting_buyer: 'gold',
  settled: 'green',
  rejected: 'red',
};

export function ClaimStatusTag({ status }: { status: ClaimStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{CLAIM_STATUS_LABELS[status]}</Tag>;
}

/**
 * A claim as its company reads it: status, kind, lines, value, photos, the timeline (reported,
 * questions and answers, the settlement or the rejection) and, while a manager waits for the
 * buyer, the answer box (owners and buyers; a viewer reads only).
 */
export function ClaimCard({
  claim,
  canAnswer,
  orderHref,
  showOrder = false,
}: {
  claim: Claim;
  canAnswer: boolean;
  /** My Account with an order open (the claim's, its replacement). */
  orderHref: (orderId: string) => string;
  /** The Claims tab names the order with a link to it; the opened order need not. */
  showOrder?: boolean;
}) {
  const titleId = useId();
  const orderLabel = shortOrderId(claim.order_id);
  return (
    <article className="claim-card" aria-labelledby={titleId}>
      <header className="claim-card__head">
        <h4 id={titleId} className="claim-card__title">
          {CLAIM_KIND_LABELS[claim.kind]} · {claimDay(claim.created_at)}
        </h4>
        <ClaimStatusTag status={claim.status} />
        <span className="claim-card__value">{formatUsd(claim.value)}</span>
      </header>
      {showOrder && (
        <p className="claim-card__order">
          <Link to={orderHref(claim.order_id)}>Order {orderLabel}</Link>
        </p>
      )}
      <ul className="claim-card__lines" aria-label="Items reported">
        {claim.lines.map((line) => (
          <li key={line.product_id}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      {claim.photos.length > 0 && (
        <ul className="claim-card__photos" aria-label="Photos">
          {claim.photos.map((photo, index) => (
            <li key={photo.id}>
              <ClaimPhoto
                companyId={claim.company_id}
                claimId={claim.id}
                photoId={photo.id}
                label={`Photo ${index + 1}${photo.name ? `: ${photo.name}` : ''}`}
              />
            </li>
          ))}
        </ul>
      )}
      <ol className="claim-timeline" aria-label="Timeline">
        {claim.timeline.map((event, index) => (
          <li key={index} className={`claim-timeline__event claim-timeline__event--${event.kind}`}>
            <span className="claim-timeline__head">
              <strong>{eventTitle(event)}</strong>
              <span className="claim-timeline__date">{claimDay(event.at)}</span>
            </span>
            <EventBody claim={claim} event={event} orderHref={orderHref} />
          </li>
        ))}
      </ol>
      {claim.status === 'awaiting_buyer' && canAnswer && <AnswerBox claimId={claim.id} />}
    </article>
  );
}

function eventTitle(event: ClaimEvent): string {
  const who = event.by_name || (event.by_role === 'manager' ? 'Our team' : 'Your company');
  switch (event.kind) {
    case 'reported':
      return `Reported by ${who}`;
    case 'question':
      return 'We asked';
    case 'answer':
      return `${who} answered`;
    case 'settled':
      return 'Settled';
    case 'rejected':
      return 'Rejected';
    case 'note':
      return 'Note';
  }
}

function EventBody({
  claim,
  event,
  orderHref,
}: {
  claim: Claim;
  event: ClaimEvent;
  orderHref: (orderId: string) => string;
}) {
  const settlement = event.kind === 'settled' ? claim.settlement : null;
  const text = event.kind === 'reported' ? event.text || claim.note : event.text;
  const reason = event.kind === 'rejected' ? text || claim.rejection_reason : text;
  return (
    <>
      {settlement && (
        <p className="claim-timeline__text">
          {settlementText(settlement)}
          {settlement.remedy === 'replacement' && settlement.replacement_order_id && (
            <>
              {' '}
              <Link to={orderHref(settlement.replacement_order_id)}>
                Replacement order {shortOrderId(settlement.replacement_order_id)}
              </Link>
            </>
          )}
        </p>
      )}
      {reason && <p className="claim-timeline__text claim-timeline__quote">{reason}</p>}
    </>
  );
}

/** A photo's thumbnail, opening the photo in a new tab. */
function ClaimPhoto({
  companyId,
  claimId,
  photoId,
  label,
}: {
  companyId: string;
  claimId: string;
  photoId: string;
  label: string;
}) {
  const view = useClaimPhotoUrl(companyId, claimId, photoId);
  if (view.status === 'ready') {
    return (
      <a href={view.url} target="_blank" rel="noreferrer" className="claim-photo">
        <img src={view.url} alt={label} width={64} height={64} loading="lazy" />
      </a>
    );
  }
  return (
    <span
      className="claim-photo claim-photo--placeholder"
      role="img"
      aria-label={view.status === 'error' ? `${label} (could not be shown)` : label}
    />
  );
}

function AnswerBox({ claimId }: { claimId: string }) {
  const notify = useNotify();
  const answer = useAnswerClaim();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = () => {
    setProblem(null);
    const request = answerClaimRequest.safeParse({ claimId, text });
    if (!request.success) {
      setProblem(request.error.issues[0]?.message ?? CLAIM_TEXTS.answerFailed);
      return;
    }
    answer.mutate(request.data, {
      onSuccess: () => {
        setText('');
        notify.success(CLAIM_TEXTS.answeredTitle, CLAIM_TEXTS.answered);
      },
      onError: (error) => setProblem(errorMessage(error, CLAIM_TEXTS.answerFailed)),
    });
  };
  return (
    <form
      className="claim-answer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="claim-answer__label">
        {CLAIM_TEXTS.answerLabel}
      </label>
      <TextArea
        id={id}
        rows={3}
        value={text}
        maxLength={CLAIM_LIMITS.message}
        disabled={answer.isPending}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && (
        <Alert id={`${id}-problem`} type="error" title={problem} className="claim-answer__alert" />
      )}
      <Button type="primary" htmlType="submit" loading={answer.isPending}>
        {CLAIM_TEXTS.answerSend}
      </Button>
    </form>
  );
}
