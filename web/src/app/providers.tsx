import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { theme } from '@/config/theme';
import { createQueryClient } from '@/lib/query-client';

/**
 * antd theme, one-at-a-time notifications and the query client. Mounted by the UI-shell layout
 * route (and by tests), not at the root: the landing page is plain HTML and CSS and stays light.
 */
export function AppProviders({
  children,
  queryClient,
  motion = true,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  motion?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider theme={motion ? theme : { ...theme, token: { ...theme.token, motion: false } }}>
      <AntApp notification={{ maxCount: 1, placement: 'top' }} message={{ maxCount: 1 }}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
