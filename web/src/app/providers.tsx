import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { theme } from '@/config/theme';
import { createQueryClient } from '@/lib/query-client';

/**
 * Providers every route needs. Firebase providers live in the Firebase layout route, so the
 * public landing page never loads the Firebase SDK.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider theme={theme}>
      <AntApp notification={{ maxCount: 1, placement: 'top' }} message={{ maxCount: 1 }}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
