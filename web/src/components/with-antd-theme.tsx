import type { ComponentType } from 'react';

/**
 * For `lazy()`: a component drawn with antd, wrapped in antd's brand theme, with the theme's code
 * fetched in the same chunk as the component. No page draws antd in its first load; the parts
 * that do (the dashboard's Overview and dialogs, My Account's Standing orders tab) bring the
 * theme with them.
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
