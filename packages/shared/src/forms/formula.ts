/**
 * Calculated fields: + - * / and parentheses over numbers and references.
 * A reference is written `{key}`: a custom field's id (`{12}`) or a system field's key (`{spareAmount}`).
 * Our own parser; nothing is ever handed to eval.
 *
 * Semantics, as the original product's script evaluation behaved: a missing operand is null, and null
 * takes part in arithmetic as 0 (so `{a}+1` is 1 when a is empty, but a lone `{a}` is empty); division by
 * zero, and any result that is not a finite number, yields an empty value (null).
 */

export type FormulaOp = '+' | '-' | '*' | '/';
export type FormulaNode =
  | { k: 'num'; v: number }
  | { k: 'ref'; name: string }
  | { k: 'neg'; e: FormulaNode }
  | { k: 'bin'; op: FormulaOp; l: FormulaNode; r: FormulaNode };

export type ParseResult = { ok: true; ast: FormulaNode; refs: string[] } | { ok: false; error: string };

type Token = { t: 'num'; v: number; at: number } | { t: 'ref'; name: string; at: number } | { t: 'op'; v: string; at: number };

export const FORMULA_MAX_LENGTH = 500;
const MAX_DEPTH = 64;
const ALIASES: Record<string, string> = { '×': '*', '÷': '/', '＋': '+', '－': '-', '（': '(', '）': ')', '＊': '*', '／': '/' };

class FormulaError extends Error {}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const op = ALIASES[ch] ?? ch;
    if ('+-*/()'.includes(op)) {
      out.push({ t: 'op', v: op, at: i });
      i++;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    if (ch === '{') {
      const end = src.indexOf('}', i + 1);
      const name = end < 0 ? '' : src.slice(i + 1, end).trim();
      if (end < 0) throw new FormulaError('引用缺少右花括号“}”');
      if (!name || name.includes('{')) throw new FormulaError(`第${i + 1}个字符处的引用无效`);
      out.push({ t: 'ref', name, at: i });
      i = end + 1;
      continue;
    }
    throw new FormulaError(`第${i + 1}个字符“${ch}”无法识别`);
  }
  return out;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): FormulaNode {
    if (this.tokens.length === 0) throw new FormulaError('公式不能为空');
    const e = this.expr();
    const rest = this.tokens[this.pos];
    if (rest) throw new FormulaError(rest.t === 'op' && rest.v === ')' ? '括号不匹配' : `第${rest.at + 1}个字符附近缺少运算符`);
    return e;
  }

  private peekOp(...ops: string[]): string | null {
    const tk = this.tokens[this.pos];
    return tk && tk.t === 'op' && ops.includes(tk.v) ? tk.v : null;
  }

  private expr(): FormulaNode {
    let l = this.term();
    for (let op = this.peekOp('+', '-'); op; op = this.peekOp('+', '-')) {
      this.pos++;
      l = { k: 'bin', op: op as FormulaOp, l, r: this.term() };
    }
    return l;
  }

  private term(): FormulaNode {
    let l = this.unary();
    for (let op = this.peekOp('*', '/'); op; op = this.peekOp('*', '/')) {
      this.pos++;
      l = { k: 'bin', op: op as FormulaOp, l, r: this.unary() };
    }
    return l;
  }

  private unary(): FormulaNode {
    if (++this.depth > MAX_DEPTH) throw new FormulaError('公式嵌套过深');
    try {
      const sign = this.peekOp('+', '-');
      if (sign) {
        this.pos++;
        const e = this.unary();
        return sign === '-' ? { k: 'neg', e } : e;
      }
      return this.primary();
    } finally {
      this.depth--;
    }
  }

  private primary(): FormulaNode {
    const tk = this.tokens[this.pos];
    if (!tk) throw new FormulaError('公式不完整');
    this.pos++;
    if (tk.t === 'num') return { k: 'num', v: tk.v };
    if (tk.t === 'ref') return { k: 'ref', name: tk.name };
    if (tk.v === '(') {
      const e = this.expr();
      if (!this.peekOp(')')) throw new FormulaError('括号不匹配');
      this.pos++;
      return e;
    }
    throw new FormulaError(`第${tk.at + 1}个字符“${tk.v}”位置不正确`);
  }
}

/** Parses a formula; never throws. */
export function parseFormula(src: unknown): ParseResult {
  if (typeof src !== 'string') return { ok: false, error: '公式不能为空' };
  if (src.length > FORMULA_MAX_LENGTH) return { ok: false, error: `公式不能超过${FORMULA_MAX_LENGTH}个字符` };
  try {
    const ast = new Parser(tokenize(src)).parse();
    return { ok: true, ast, refs: [...new Set(collectRefs(ast))] };
  } catch (e) {
    if (e instanceof FormulaError) return { ok: false, error: e.message };
    return { ok: false, error: '公式格式错误' };
  }
}

export function collectRefs(ast: FormulaNode, out: string[] = []): string[] {
  if (ast.k === 'ref') out.push(ast.name);
  else if (ast.k === 'neg') collectRefs(ast.e, out);
  else if (ast.k === 'bin') {
    collectRefs(ast.l, out);
    collectRefs(ast.r, out);
  }
  return out;
}

/** A reference's value: a number, null (missing), or NaN (present but not numeric). */
export type Resolve = (name: string) => number | null;

/** Intermediate value: number, null (a bare missing operand) or NaN (poison: the result is empty). */
function evalNode(n: FormulaNode, resolve: Resolve): number | null {
  switch (n.k) {
    case 'num':
      return n.v;
    case 'ref':
      return resolve(n.name);
    case 'neg': {
      const v = evalNode(n.e, resolve);
      return v === null ? 0 : finite(-v);
    }
    case 'bin': {
      const l = evalNode(n.l, resolve) ?? 0;
      const r = evalNode(n.r, resolve) ?? 0;
      if (n.op === '/' && r === 0) return Number.NaN;
      return finite(n.op === '+' ? l + r : n.op === '-' ? l - r : n.op === '*' ? l * r : l / r);
    }
  }
}

const finite = (v: number): number => (Number.isFinite(v) ? v + 0 : Number.NaN);

/** Evaluates a parsed formula: a finite number, or null for an empty value. */
export function evaluateAst(ast: FormulaNode, resolve: Resolve): number | null {
  const v = evalNode(ast, resolve);
  return v !== null && Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v) : null;
}

/** Parses and evaluates; an unparsable formula or a throwing resolver yields null. Never throws. */
export function evaluateFormula(src: unknown, resolve: Resolve): number | null {
  const p = parseFormula(src);
  if (!p.ok) return null;
  try {
    return evaluateAst(p.ast, resolve);
  } catch {
    return null;
  }
}

const PREC: Record<FormulaOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };

/** Prints a formula with the fewest parentheses that keep its meaning. */
export function formatFormula(n: FormulaNode): string {
  if (n.k === 'num') return String(n.v);
  if (n.k === 'ref') return `{${n.name}}`;
  if (n.k === 'neg') return `-${n.e.k === 'bin' ? `(${formatFormula(n.e)})` : formatFormula(n.e)}`;
  const p = PREC[n.op];
  const wrapL = n.l.k === 'bin' && PREC[n.l.op] < p;
  const wrapR = n.r.k === 'bin' && PREC[n.r.op] <= p;
  const l = formatFormula(n.l);
  const r = formatFormula(n.r);
  return `${wrapL ? `(${l})` : l} ${n.op} ${wrapR ? `(${r})` : r}`;
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** A stored value as a formula operand: numbers pass, numeric text is read, empty is null, the rest NaN. */
export function toOperand(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : Number.NaN;
  if (typeof v === 'string') {
    const s = v.trim();
    if (!s) return null;
    return DECIMAL.test(s) ? Number(s) : Number.NaN;
  }
  return Number.NaN;
}

/** Rounds to `precision` decimals without binary noise (0.1 + 0.2 → 0.3). */
export function roundTo(v: number, precision: number): number {
  const r = Number(v.toFixed(precision));
  return Object.is(r, -0) ? 0 : r;
}
