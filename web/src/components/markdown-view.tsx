import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from '@portal/domain';
import { useMemo, type ReactNode } from 'react';
import './markdown.css';

/**
 * A policy page's Markdown, drawn with React elements from the domain's reader
 * (packages/domain/src/markdown.ts). There is no HTML string anywhere: every piece of the text is
 * a React text child, which React escapes, so raw HTML in a page shows as the characters typed.
 * Links carry only the targets safeHref allows; links to other sites open without a referrer.
 */
function inline(nodes: readonly MarkdownInline[], key = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}${index}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={k}>{node.text}</code>;
      case 'strong':
        return <strong key={k}>{inline(node.children, `${k}.`)}</strong>;
      case 'em':
        return <em key={k}>{inline(node.children, `${k}.`)}</em>;
      case 'link': {
        const external = /^https?:/i.test(node.href);
        return (
          <a key={k} href={node.href} rel={external ? 'noopener noreferrer nofollow' : undefined}>
            {inline(node.children, `${k}.`)}
          </a>
        );
      }
    }
  });
}

function block(node: MarkdownBlock, index: number): ReactNode {
  switch (node.type) {
    case 'heading': {
      const Heading = `h${node.level}` as const;
      return <Heading key={index}>{inline(node.children)}</Heading>;
    }
    case 'paragraph':
      return <p key={index}>{inline(node.children)}</p>;
    case 'list': {
      const List = node.ordered ? 'ol' : 'ul';
      return (
        <List key={index}>
          {node.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </List>
      );
    }
    case 'rule':
      return <hr key={index} />;
  }
}

export function MarkdownView({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return <div className="markdown">{blocks.map(block)}</div>;
}
