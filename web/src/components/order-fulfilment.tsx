import {
  CARRIER_LABELS,
  formatUsd,
  shipToLines,
  trackingUrl,
  type Order,
  type ShipTo,
} from '@portal/domain';
import { Tag } from './tag';

/**
 * What the buyer's and the manager's order views share about fulfilment: the ship-to address,
 * the carrier and tracking number (linked to the carrier's page), and the refunded mark.
 */
export function ShipToAddress({ shipTo, className }: { shipTo: ShipTo; className?: string }) {
  return (
    <address className={className} style={{ fontStyle: 'normal' }}>
      {shipToLines(shipTo).map((line, index) => (
        <span key={index} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </address>
  );
}

export function TrackingLink({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  const url = trackingUrl(shipment.carrier, shipment.tracking_number);
  const carrier = CARRIER_LABELS[shipment.carrier];
  return (
    <span className="tracking">
      {carrier}{' '}
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Track package ${shipment.tracking_number} with ${carrier} (opens in a new tab)`}
        >
          {shipment.tracking_number}
        </a>
      ) : (
        <span>{shipment.tracking_number}</span>
      )}
    </span>
  );
}

export function RefundedTag({ cents }: { cents: number }) {
  if (cents <= 0) return null;
  return <Tag color="magenta">Refunded {formatUsd(cents)}</Tag>;
}
