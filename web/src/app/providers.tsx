import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PlainToasts } from '@/components/toast-region';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/ui-root.css';

/**
 * What every page but the landing page and the public forms shares: the base text style of
 * antd's App (styles/ui-root.css), one-at-a-time toasts (the same plain ones as the public
 * shell's) and the query client. Mounted by the UI-shell layout route (and by tests). antd's
 * theme is not here: only the pages that draw antd components load it (components/antd-theme.tsx).
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <div className="ui-root">
      <PlainToasts>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </PlainToasts>
    </div>
  );
}
