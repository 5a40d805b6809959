import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';
import './icons.css';
import { classNames } from '@/lib/class-names';

/** The SVG's attributes as React names them (`fill-rule` is `fillRule`). */
function reactAttributes(attrs: AbstractNode['attrs']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...reactAttributes(node.attrs) }, node.children?.map(draw));
}

export interface IconProps {
  className?: string;
  /** Turns the icon, as antd's `spin` does (not when motion is reduced: styles/global.css). */
  spin?: boolean;
}

/**
 * antd's icon set (the SVG data of `@ant-design/icons-svg`) drawn as plain inline SVG: the same
 * glyphs and the same `anticon` box (1em, the text's colour) as `@ant-design/icons`, without its
 * React package, which brings antd's colour and style runtime to every page that shows an icon.
 * Icons are decorative: the text or the control's label beside them says what they mean.
 */
export function icon(definition: IconDefinition) {
  const root = definition.icon as AbstractNode;
  // The glyph is the same on every render: its attributes and paths are made once.
  const svgAttributes = {
    ...reactAttributes(root.attrs),
    width: '1em',
    height: '1em',
    fill: 'currentColor',
    'aria-hidden': 'true',
  };
  const paths = root.children?.map(draw);
  function Icon({ className, spin }: IconProps) {
    return (
      <span
        className={classNames('anticon', `anticon-${definition.name}`, className)}
        aria-hidden="true"
      >
        {createElement(
          'svg',
          { ...svgAttributes, className: spin ? 'anticon-spin' : undefined },
          paths,
        )}
      </span>
    );
  }
  Icon.displayName = definition.name;
  return Icon;
}
