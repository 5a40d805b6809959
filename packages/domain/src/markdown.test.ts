import { describe, expect, it } from 'vitest';
import { inlineText, parseMarkdown, safeHref, type MarkdownBlock } from './markdown';

/** Every text piece of the tree, in order (what a reader would see). */
function texts(blocks: MarkdownBlock[]): string {
  return JSON.stringify(blocks);
}

describe('parseMarkdown', () => {
  it('draws the highest heading level of the text as h2 and never skips a level', () => {
    const levels = (source: string) =>
      parseMarkdown(source).flatMap((b) => (b.type === 'heading' ? [b.level] : []));
    // Sections written with ## under the page's title (its h1) are h2, their ### parts h3.
    expect(levels('## Accounts\n\n### Closing one\n\n## Payment')).toEqual([2, 3, 2]);
    expect(levels('# A\n\n## B\n\n### C')).toEqual([2, 3, 4]);
    // A level the text skips is not skipped in the page: ## then #### is h2 then h3.
    expect(levels('## A\n\n#### B')).toEqual([2, 3]);
    // A deeper heading first is still h2; the outline then goes on from there.
    expect(levels('### Small first\n\n# Big\n\n### Small again')).toEqual([2, 2, 3]);
  });

  it('reads headings, paragraphs, lists, rules and inline formatting', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome **bold** and *soft* and `code`.\nSame paragraph.\n\n- one\n- two\n\n1. first\n2. second\n\n---',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Some ' },
          { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
          { type: 'text', text: ' and ' },
          { type: 'em', children: [{ type: 'text', text: 'soft' }] },
          { type: 'text', text: ' and ' },
          { type: 'code', text: 'code' },
          { type: 'text', text: '. Same paragraph.' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
      },
      { type: 'rule' },
    ]);
  });

  it('keeps a script tag as the text typed: no element, no HTML node', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('keeps raw HTML (an image with onerror, an iframe) as text', () => {
    const source =
      '<img src=x onerror="alert(1)"> and <iframe src="https://evil.example"></iframe>';
    const [block] = parseMarkdown(source);
    expect(block).toEqual({ type: 'paragraph', children: [{ type: 'text', text: source }] });
  });

  it('drops the target of a javascript: link and keeps its words', () => {
    const [block] = parseMarkdown('[click me](javascript:alert(1)) now');
    expect(block).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'click me' },
        { type: 'text', text: ' now' },
      ],
    });
    expect(texts(parseMarkdown('[x](JaVaScRiPt:alert(1))'))).not.toContain('"link"');
    expect(texts(parseMarkdown('[x]( javascript:alert(1))'))).not.toContain('"link"');
    expect(texts(parseMarkdown('[x](data:text/html,<b>hi</b>)'))).not.toContain('"link"');
    expect(texts(parseMarkdown('[x](//evil.example/path)'))).not.toContain('"link"');
  });

  it('links to https, mailto, tel and paths of the site', () => {
    const [block] = parseMarkdown(
      '[a](https://example.com/x) [b](mailto:help@example.com) [c](tel:+1-555-0100) [d](/legal/terms)',
    );
    const links =
      block?.type === 'paragraph' ? block.children.filter((node) => node.type === 'link') : [];
    expect(links.map((link) => (link.type === 'link' ? link.href : ''))).toEqual([
      'https://example.com/x',
      'mailto:help@example.com',
      'tel:+1-555-0100',
      '/legal/terms',
    ]);
  });

  it('shows an image as its alt text and loads nothing', () => {
    const blocks = parseMarkdown('![Our warehouse](https://tracker.example/pixel.gif)');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Our warehouse' }] },
    ]);
  });

  it('reads backslash escapes and leaves words with underscores alone', () => {
    const [block] = parseMarkdown('\\*not bold\\* and snake_case_name');
    expect(block?.type === 'paragraph' && inlineText(block.children)).toBe(
      '*not bold* and snake_case_name',
    );
  });

  it('has an end for deep nesting and long input', () => {
    const deep = '['.repeat(2000) + 'x' + '](https://a.example)'.repeat(2000);
    expect(() => parseMarkdown(deep)).not.toThrow();
    expect(parseMarkdown('*'.repeat(20_000)).length).toBe(1);
  });
});

describe('safeHref', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'file:///etc/passwd',
    '',
  ])('refuses %j', (url) => {
    expect(safeHref(url)).toBeNull();
  });
});

describe('underscores inside words', () => {
  it('keeps window.__name and snake_case as typed (no bold, no italic)', () => {
    const source = '<script>window.__pwned = true</script> [a](javascript:window.__pwned=true)';
    const [block] = parseMarkdown(source);
    expect(block).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: '<script>window.__pwned = true</script> ' },
        { type: 'text', text: 'a' },
      ],
    });
    expect(parseMarkdown('__bold__ and _soft_')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
          { type: 'text', text: ' and ' },
          { type: 'em', children: [{ type: 'text', text: 'soft' }] },
        ],
      },
    ]);
  });
});
