/**
 * A small Markdown reader for the policy pages: it turns a manager's text into a tree of blocks
 * and inline pieces, never into HTML. The web app draws the tree with React elements
 * (web/src/components/markdown-view.tsx), so every character of the text is text: `<script>`,
 * `<img onerror=…>` or any other raw HTML shows as the characters typed and runs nothing.
 *
 * What it reads: headings (`#` to `###`; the text's highest level is drawn one level below the
 * page's own title, and no heading is more than one level below the one before it, so `##`
 * sections under the title are h2, never an h3 after the h1), paragraphs,
 * bullet (`-`, `*`, `+`) and numbered (`1.`) lists, a rule (`---`), **bold**, *italic*, `code`
 * and [links](https://example.com). Links go only to http(s), mailto: and tel: addresses or to a
 * path of this site (`/legal/terms`); any other link (javascript:, data:, vbscript:, a
 * protocol-relative //host) keeps its words and loses its target. Images are not shown: a policy
 * page loads nothing from elsewhere, so `![alt](url)` is its alt text.
 */

export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'em'; children: MarkdownInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: MarkdownInline[] };

export type MarkdownBlock =
  | { type: 'heading'; level: 2 | 3 | 4; children: MarkdownInline[] }
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'list'; ordered: boolean; items: MarkdownInline[][] }
  | { type: 'rule' };

/** How deep emphasis and links may nest (a guard against pathological input). */
const MAX_DEPTH = 4;

/**
 * The link target a policy page may use, or null: http(s) URLs, mailto: and tel: addresses, and
 * paths of this site. Everything else (javascript:, data:, //host, a backslash trick) is refused.
 */
export function safeHref(raw: string): string | null {
  const url = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (url === '' || /[\u0000-\u0020\u007f-\u009f<>"'`\\]/.test(url)) return null;
  if (/^\/(?!\/)/.test(url)) return url;
  if (/^mailto:[^@/?#]+@[^@/?#]+\.[^@/?#]+$/i.test(url)) return url;
  if (/^tel:\+?[0-9().-]{3,30}$/i.test(url)) return url;
  // An http(s) URL with a host name (no user:password@, no empty host).
  if (
    /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?(?:[/?#][^\s]*)?$/i.test(
      url,
    )
  ) {
    return url;
  }
  return null;
}

interface LinkMatch {
  label: string;
  url: string;
  end: number;
}

/** `[label](url)` starting at src[start] === '['; null when it is not one. */
function linkAt(src: string, start: number): LinkMatch | null {
  const close = src.indexOf(']', start + 1);
  if (close < 0 || src[close + 1] !== '(') return null;
  // The URL ends at the ")" that balances its "(" (a URL may hold parentheses).
  let end = -1;
  let open = 0;
  for (let i = close + 2; i < src.length; i += 1) {
    if (src[i] === '(') open += 1;
    else if (src[i] === ')') {
      if (open === 0) {
        end = i;
        break;
      }
      open -= 1;
    }
  }
  if (end < 0) return null;
  // A title after the URL ("[a](https://x "Title")") is dropped.
  const url =
    src
      .slice(close + 2, end)
      .trim()
      .split(/\s+/)[0] ?? '';
  return { label: src.slice(start + 1, close), url, end: end + 1 };
}

/** Where a run of `size` markers closes (an underscore run not followed by a letter), or -1. */
function closer(src: string, from: number, marker: string, size: number): number {
  const run = marker.repeat(size);
  let end = src.indexOf(run, from);
  while (end >= 0) {
    const after = src[end + size];
    const sameRun = after === marker;
    const intraword = marker === '_' && after !== undefined && /[A-Za-z0-9]/.test(after);
    if (!sameRun && !intraword) return end;
    end = src.indexOf(run, end + 1);
  }
  return -1;
}

const ESCAPABLE = /[\\`*_[\]()#!>+\-.{}|~]/;

function parseInline(src: string, depth: number): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  const nest = depth < MAX_DEPTH;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      text += next;
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: src.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    // Emphasis: `**`/`__` strong, `*`/`_` italic. An underscore inside a word (snake_case,
    // window.__name) is a character, as in CommonMark: it neither opens nor closes.
    const wordBefore = i > 0 && /[A-Za-z0-9]/.test(src[i - 1]!);
    if (nest && (c === '*' || c === '_') && !(c === '_' && wordBefore)) {
      const size = next === c ? 2 : 1;
      const end = closer(src, i + size, c, size);
      const opensWord = src[i + size] !== undefined && src[i + size] !== ' ';
      if (end > i + size && opensWord && (size === 2 || !wordBefore)) {
        flush();
        const children = parseInline(src.slice(i + size, end), depth + 1);
        out.push(size === 2 ? { type: 'strong', children } : { type: 'em', children });
        i = end + size;
        continue;
      }
    }
    if (c === '!' && next === '[') {
      const image = linkAt(src, i + 1);
      if (image) {
        // No images on a policy page: the alt text stands in.
        text += image.label;
        i = image.end;
        continue;
      }
    }
    if (c === '[' && nest) {
      const link = linkAt(src, i);
      if (link) {
        flush();
        const children = parseInline(link.label, depth + 1);
        const href = safeHref(link.url);
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    text += c;
    i += 1;
  }
  flush();
  return out;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}[0-9]{1,9}[.)][ \t]+(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** The blocks of a Markdown text (see the top of this file for what is read). */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  // How many `#`s each heading had (levelHeadings turns them into levels at the end).
  const hashes = new Map<MarkdownBlock, number>();
  let paragraph: string[] = [];
  // A holder, so the closures and the loop read the same list (TypeScript narrows a plain `let`).
  const state: { list: { ordered: boolean; items: string[] } | null } = { list: null };
  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' '), 0) });
    }
    paragraph = [];
  };
  const endList = () => {
    const list = state.list;
    if (list) {
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        items: list.items.map((item) => parseInline(item, 0)),
      });
    }
    state.list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[ \t]+$/, '');
    if (line.trim() === '') {
      endParagraph();
      endList();
      continue;
    }
    if (RULE.test(line)) {
      endParagraph();
      endList();
      blocks.push({ type: 'rule' });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      const block: MarkdownBlock = {
        type: 'heading',
        level: 2,
        children: parseInline(heading[2]!, 0),
      };
      hashes.set(block, heading[1]!.length);
      blocks.push(block);
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      endParagraph();
      const ordered = numbered !== null;
      const current = state.list;
      if (!current || current.ordered !== ordered) {
        endList();
        state.list = { ordered, items: [item[1]!.trim()] };
      } else {
        current.items.push(item[1]!.trim());
      }
      continue;
    }
    const open = state.list;
    if (open && /^[ \t]{2,}/.test(line)) {
      // An indented line continues the list's last item.
      open.items[open.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    endList();
    paragraph.push(line.trim());
  }
  endParagraph();
  endList();
  levelHeadings(blocks, hashes);
  return blocks;
}

/**
 * Heading levels from the number of `#`s: the distinct counts in the text, fewest first, are h2,
 * h3 and h4, and a heading is at most one level below the heading before it (the page's title
 * is the h1), so the outline never skips a level whatever the text uses.
 */
function levelHeadings(blocks: MarkdownBlock[], hashes: ReadonlyMap<MarkdownBlock, number>) {
  const counts = [...new Set(hashes.values())].sort((a, b) => a - b);
  let previous = 1;
  for (const block of blocks) {
    if (block.type !== 'heading') continue;
    const rank = counts.indexOf(hashes.get(block)!) + 2;
    block.level = Math.min(rank, previous + 1, 4) as 2 | 3 | 4;
    previous = block.level;
  }
}

/** The text of inline pieces without their formatting (a heading's words, a link's label). */
export function inlineText(nodes: readonly MarkdownInline[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' || node.type === 'code' ? node.text : inlineText(node.children),
    )
    .join('');
}
