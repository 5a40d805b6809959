import { Alert } from '../alert';
import { Button } from '../button';
import './table.css';

/**
 * What a server-side table shows without rows: a filter that matches nothing (with Clear
 * filters), a page past the last one (with First page), or nothing at all yet.
 */
export function TableEmpty({
  filtered,
  total,
  noneText,
  noMatchText,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  total: number;
  noneText: string;
  noMatchText: string;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  if (total > 0) {
    return (
      <div className="table-empty">
        <span className="table-secondary">This page is past the last one.</span>
        <Button size="small" onClick={onFirstPage}>
          First page
        </Button>
      </div>
    );
  }
  if (filtered) {
    return (
      <div className="table-empty">
        <span className="table-secondary">{noMatchText}</span>
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    );
  }
  return (
    <div className="table-empty">
      <span className="table-secondary">{noneText}</span>
    </div>
  );
}

/** A table that failed to load: its message in place, and Retry. */
export function TableError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert
      className="table-alert"
      type="error"
      role="alert"
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
