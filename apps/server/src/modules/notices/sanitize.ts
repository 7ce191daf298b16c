/**
 * The announcement editor's HTML, reduced to what the reader page shows: an allow-list of tags, no attributes but
 * a link's http(s)/mailto href and an image's http(s) or /api/upload src; scripts, styles, event handlers and
 * comments are dropped with their content. The server sanitises; the web page shows the stored text as it is.
 */
const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'sub',
  'sup',
]);
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|noscript|template|textarea|select|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const SAFE_URL = /^(https?:\/\/|mailto:|\/api\/upload\/)/i;

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function attrsOf(tag: string, raw: string): string {
  const keep = tag === 'a' ? 'href' : tag === 'img' ? 'src' : null;
  if (!keep) return '';
  const m = new RegExp(`\\b${keep}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(raw);
  const value = (m?.[2] ?? m?.[3] ?? m?.[4] ?? '').replace(/&amp;/g, '&').trim();
  // No entity or control tricks in a kept URL: it must read plainly as http(s), mailto or our upload path.
  if (!value || !SAFE_URL.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 32)) return '';
  return tag === 'a' ? ` href="${escapeAttr(value)}" target="_blank" rel="noopener noreferrer"` : ` src="${escapeAttr(value)}"`;
}

export function sanitizeHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(DROP_WITH_CONTENT, '')
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>?/g, (all, name: string, rest: string) => {
      const tag = name.toLowerCase();
      if (!ALLOWED.has(tag)) return '';
      if (all.startsWith('</')) return tag === 'br' || tag === 'img' || tag === 'hr' ? '' : `</${tag}>`;
      return `<${tag}${attrsOf(tag, rest)}>`;
    })
    .replace(/<(?![a-z/])/gi, '&lt;');
}

/** The plain text of sanitised HTML: for a notice's content line and for "is it empty". */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
