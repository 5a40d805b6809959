import { Spin } from 'antd';

/** Full-page loading state used while a route's data or session is resolved. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}
    >
      <Spin size="large" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
