import { Outlet } from 'react-router';
import { AntdTheme } from '@/components/antd-theme';

/** Layout route for the pages that draw antd components: antd's brand theme. */
export function Component() {
  return (
    <AntdTheme>
      <Outlet />
    </AntdTheme>
  );
}
