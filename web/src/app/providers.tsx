import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  Button,
  ConfigProvider,
  notification as antNotification,
  Space,
  type ThemeConfig,
} from 'antd';
import useAppRootStyle from 'antd/es/app/style';
import { useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { theme, touchTheme } from '@/config/theme';
import {
  NotifyProvider,
  useToastHandOver,
  type CarriedToast,
  type Notify,
  type ToastKind,
  type ToastOptions,
} from '@/lib/notify';
import { createQueryClient } from '@/lib/query-client';
import { REDUCED_MOTION_QUERY, TOUCH_LAYOUT_QUERY, useMediaQuery } from '@/lib/use-media-query';
import '@/styles/touch.css';

/**
 * The antd theme for this screen: the brand theme, with 44 px controls on touch layouts and
 * without antd's motion (transitions, collapse and wave animations) when motion is off.
 */
export function appTheme({ motion, touch }: { motion: boolean; touch: boolean }): ThemeConfig {
  const components = { ...theme.components };
  if (touch) {
    for (const [name, tokens] of Object.entries(touchTheme.components ?? {})) {
      const key = name as keyof typeof components;
      components[key] = { ...components[key], ...tokens } as never;
    }
  }
  return {
    ...theme,
    token: {
      ...theme.token,
      ...(touch ? touchTheme.token : {}),
      ...(motion ? {} : { motion: false }),
    },
    components,
  };
}

/**
 * antd theme, one-at-a-time notifications and the query client. Mounted by the UI-shell layout
 * route (and by tests), not at the root: the landing page is plain HTML and CSS and stays light.
 * Motion follows the system's reduced-motion setting (and `motion={false}`, for tests); the
 * control sizes follow the touch layout query (lib/use-media-query.ts). Both are live.
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
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const touch = useMediaQuery(TOUCH_LAYOUT_QUERY);
  const moving = motion && !reducedMotion;
  const themeConfig = useMemo(() => appTheme({ motion: moving, touch }), [moving, touch]);
  return (
    <ConfigProvider theme={themeConfig}>
      <AppRoot>
        <AntNotify>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </AntNotify>
      </AppRoot>
    </ConfigProvider>
  );
}

/**
 * The element antd's App would render: its class and style (text colour, size, line height and
 * font from the theme, and antd's link style for links inside). antd's App itself is not used: it
 * also sets up the message and modal APIs, which load the Modal and Form code (about 28 KB
 * gzipped) on every page, though only the notification API is used here (AntNotify).
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppRootStyle(prefixCls);
  return <div className={`${prefixCls} ${hashId} ${cssVarCls}`.trim()}>{children}</div>;
}

/**
 * useNotify() inside the UI shell: antd notifications at the top, one at a time. Carried toasts
 * cross to and from the public shell (lib/notify.tsx, useToastHandOver): the admin's welcome
 * arrives from /admin/login; 'Access Denied' leaves for it.
 */
function AntNotify({ children }: { children: ReactNode }) {
  const [notification, notificationHolder] = antNotification.useNotification({
    maxCount: 1,
    placement: 'top',
  });
  const showLeft = useCallback(
    (toast: CarriedToast) =>
      notification[toast.kind]({ title: toast.title, description: toast.text, placement: 'top' }),
    [notification],
  );
  const handOver = useToastHandOver(showLeft);
  const notify = useMemo<Notify>(() => {
    const show =
      (kind: ToastKind) =>
      (title: string, text?: string, options: ToastOptions = {}) => {
        handOver.shown({ kind, title, text }, options);
        notification[kind]({
          key: options.key,
          title,
          description: text,
          placement: 'top',
          actions: options.actions?.length ? (
            <Space>
              {options.actions.map((action) => (
                <Button
                  key={action.label}
                  size="small"
                  type={action.primary ? 'primary' : 'default'}
                  onClick={action.onClick}
                >
                  {action.label}
                </Button>
              ))}
            </Space>
          ) : undefined,
        });
      };
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      close: (key) => {
        handOver.closed(key);
        notification.destroy(key);
      },
    };
  }, [notification, handOver]);
  return (
    <NotifyProvider value={notify}>
      {notificationHolder}
      {children}
    </NotifyProvider>
  );
}
