import { ReloadOutlined } from '@/components/icons';
import { Button } from '@/components/button';

/**
 * What a portal page shows when its data could not be read: the reason as the state's heading
 * (announced) and Try Again, which refetches what failed.
 */
export function LoadFailed({
  message,
  onRetry,
  headingLevel = 2,
}: {
  message: string;
  onRetry: () => void;
  /** 1 on a page whose own heading this replaces (the product page). */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="portal-state" role="alert">
      <Heading>{message}</Heading>
      <Button icon={<ReloadOutlined />} onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
