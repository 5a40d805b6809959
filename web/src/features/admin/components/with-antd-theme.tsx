import type { ComponentType } from 'react';

/**
 * For `lazy()`: a component drawn with antd, wrapped in antd's brand theme, with the theme's code
 * fetched in the same chunk as the component. The dashboard's first load (header, totals, the
 * Orders tab) draws no antd; the tabs and dialogs that do bring the theme with them.
 */
export function withAntdTheme<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): () => Promise<{ default: ComponentType<Props> }> {
  return async () => {
    const [Inner, { AntdTheme }] = await Promise.all([load(), import('@/components/antd-theme')]);
    function Themed(props: Props) {
      return (
        <AntdTheme>
          <Inner {...props} />
        </AntdTheme>
      );
    }
    Themed.displayName = `Themed(${Inner.displayName ?? Inner.name})`;
    return { default: Themed };
  };
}
