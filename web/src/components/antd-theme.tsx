import { ConfigProvider, type ThemeConfig } from 'antd';
import useAppRootStyle from 'antd/es/app/style';
import { useContext, useMemo, type ReactNode } from 'react';
import { theme, touchTheme } from '@/config/theme';
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
 * antd's brand theme, for what draws antd components: the dashboard's lazy tabs and dialogs
 * (components/with-antd-theme.tsx), My Account's lazy Standing orders tab, and
 * tests. No page loads it at first.
 * The buyer's pages draw antd's look with plain elements (components/button.tsx and its
 * siblings) and load no antd. Motion follows the system's reduced-motion setting (and
 * `motion={false}`, for tests); the control sizes follow the touch layout query
 * (lib/use-media-query.ts). Both are live.
 */
export function AntdTheme({ children, motion = true }: { children: ReactNode; motion?: boolean }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const touch = useMediaQuery(TOUCH_LAYOUT_QUERY);
  const moving = motion && !reducedMotion;
  const themeConfig = useMemo(() => appTheme({ motion: moving, touch }), [moving, touch]);
  return (
    <ConfigProvider theme={themeConfig}>
      <AppRoot>{children}</AppRoot>
    </ConfigProvider>
  );
}

/**
 * The element antd's App would render: its class and style (text colour, size, line height and
 * font from the theme, and antd's link style for links inside). antd's App itself is not used: it
 * also sets up the message, modal and notification APIs, which load the Modal and Form code
 * (about 28 KB gzipped) on every page; toasts are the plain ones of every page (PlainToasts).
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppRootStyle(prefixCls);
  return <div className={`${prefixCls} ${hashId} ${cssVarCls}`.trim()}>{children}</div>;
}
