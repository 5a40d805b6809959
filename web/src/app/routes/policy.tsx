import { useParams } from 'react-router';
import { PolicyPage } from '@/features/legal';

/** /legal/:page: the footer's Privacy, Terms, Shipping and Refund pages (no antd, no Firebase). */
export function Component() {
  const { page } = useParams();
  return <PolicyPage page={page} />;
}
