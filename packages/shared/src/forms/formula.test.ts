import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFormula, type FormulaNode, formatFormula, parseFormula } from './formula';

type Env = Record<string, number | null>;

/** Reference semantics, written apart from the implementation: 'err' poisons, null is a missing operand. */
type RefVal = { t: 'num'; v: number } | { t: 'null' } | { t: 'err' };
function reference(n: FormulaNode, env: Env): RefVal {
  const num = (v: number): RefVal => (Number.isFinite(v) ? { t: 'num', v } : { t: 'err' });
  const asNum = (x: RefVal): number => (x.t === 'num' ? x.v : 0);
  if (n.k === 'num') return { t: 'num', v: n.v };
  if (n.k === 'ref') {
    const v = env[n.name];
    if (v === undefined || v === null) return { t: 'null' };
    return num(v);
  }
  if (n.k === 'neg') {
    const e = reference(n.e, env);
    return e.t === 'err' ? e : num(-asNum(e));
  }
  const l = reference(n.l, env);
  const r = reference(n.r, env);
  if (l.t === 'err' || r.t === 'err') return { t: 'err' };
  const a = asNum(l);
  const b = asNum(r);
  switch (n.op) {
    case '+':
      return num(a + b);
    case '-':
      return num(a - b);
    case '*':
      return num(a * b);
    case '/':
      return b === 0 ? { t: 'err' } : num(a / b);
  }
}
const refResult = (n: FormulaNode, env: Env): number | null => {
  const r = reference(n, env);
  return r.t === 'num' ? (r.v === 0 ? 0 : r.v) : null;
};

/** Prints every binary node in parentheses (a second, independent rendering). */
function fullParens(n: FormulaNode): string {
  if (n.k === 'num') return String(n.v);
  if (n.k === 'ref') return `{${n.name}}`;
  if (n.k === 'neg') return `-(${fullParens(n.e)})`;
  return `(${fullParens(n.l)}${n.op}${fullParens(n.r)})`;
}

const numLeaf = fc
  .oneof(
    fc.integer({ min: 0, max: 1000 }),
    fc.integer({ min: 0, max: 100000 }).map((n) => n / 100),
  )
  .map((v): FormulaNode => ({ k: 'num', v }));
const refLeaf = fc.constantFrom('a', 'b', 'c', '12', 'missing', 'text').map((name): FormulaNode => ({ k: 'ref', name }));

const tree = fc.letrec<{ node: FormulaNode; neg: FormulaNode; bin: FormulaNode }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, numLeaf, refLeaf, tie('neg'), tie('bin')),
  neg: tie('node').map((e): FormulaNode => ({ k: 'neg', e })),
  bin: fc
    .record({ op: fc.constantFrom('+', '-', '*', '/'), l: tie('node'), r: tie('node') })
    .map(({ op, l, r }): FormulaNode => ({ k: 'bin', op: op as '+', l, r })),
})).node;

const envArb = fc.record({
  a: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }),
  b: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }),
  c: fc.constantFrom(0, null),
  '12': fc.integer({ min: 1, max: 9 }),
  text: fc.constant(Number.NaN),
});

const run = (src: string, env: Env) => evaluateFormula(src, (name) => (name in env ? (env[name] as number | null) : null));

describe('formula evaluator (properties)', () => {
  it('agrees with a reference evaluation of random expression trees', () => {
    fc.assert(
      fc.property(tree, envArb, (t, env) => {
        expect(run(formatFormula(t), env)).toBe(refResult(t, env));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a fully parenthesised rendering the same as the minimal one', () => {
    fc.assert(
      fc.property(tree, envArb, (t, env) => {
        expect(run(fullParens(t), env)).toBe(run(formatFormula(t), env));
      }),
      { numRuns: 300 },
    );
  });

  it('prints what it parses: format(parse(format(t))) is format(t)', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const src = formatFormula(t);
        const p = parseFormula(src);
        expect(p.ok).toBe(true);
        if (p.ok) expect(formatFormula(p.ast)).toBe(src);
      }),
    );
  });

  it('wrapping in parentheses never changes the value', () => {
    fc.assert(
      fc.property(tree, envArb, fc.integer({ min: 1, max: 5 }), (t, env, depth) => {
        const src = formatFormula(t);
        const wrapped = '('.repeat(depth) + src + ')'.repeat(depth);
        expect(run(wrapped, env)).toBe(run(src, env));
      }),
    );
  });

  it('addition and multiplication commute', () => {
    fc.assert(
      fc.property(tree, tree, envArb, fc.constantFrom('+', '*'), (x, y, env, op) => {
        const a = `(${formatFormula(x)})`;
        const b = `(${formatFormula(y)})`;
        expect(run(`${a}${op}${b}`, env)).toBe(run(`${b}${op}${a}`, env));
      }),
    );
  });

  it('addition and multiplication associate over integers', () => {
    const small = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(small, small, small, fc.constantFrom('+', '*'), (a, b, c, op) => {
        const [x, y, z] = [a, b, c].map((n) => (n < 0 ? `(${n})` : String(n)));
        expect(run(`(${x}${op}${y})${op}${z}`, {})).toBe(run(`${x}${op}(${y}${op}${z})`, {}));
      }),
    );
  });

  it('never throws, whatever the input', () => {
    const alphabet = fc.constantFrom(...'0123456789.+-*/(){}ab ×÷（）x'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 700 }),
          fc.array(alphabet, { maxLength: 600 }).map((a) => a.join('')),
        ),
        envArb,
        (src, env) => {
          const v = run(src, env);
          expect(v === null || Number.isFinite(v)).toBe(true);
          const p = parseFormula(src);
          expect(typeof p.ok).toBe('boolean');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('survives deep nesting and non-string input', () => {
    expect(run(`${'('.repeat(400)}1${')'.repeat(400)}`, {})).toBeNull();
    expect(parseFormula(`${'-'.repeat(300)}1`)).toMatchObject({ ok: false, error: '公式嵌套过深' });
    expect(evaluateFormula(42 as never, () => 1)).toBeNull();
    expect(
      evaluateFormula('{a}', () => {
        throw new Error('boom');
      }),
    ).toBeNull();
  });
});

describe('formula evaluator (examples)', () => {
  const env: Env = { qty: 3, price: 12.5, empty: null, zero: 0, text: Number.NaN };
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 / 4', 2.5],
    ['10 - 4 - 3', 3],
    ['64 / 4 / 2', 8],
    ['-3 + 5', 2],
    ['{qty} * {price}', 37.5],
    ['2 × 3 ÷ 4', 1.5],
    ['（1＋2）×3', 9],
    ['{empty} + 1', 1],
    ['{empty} * 2', 0],
  ])('%s = %s', (src, want) => expect(run(src, env)).toBe(want));

  it.each([['{empty}'], ['1 / 0'], ['{qty} / {zero}'], ['{qty} / {empty}'], ['{text} + 1'], ['1 / (1 / 0)'], [`${'9'.repeat(200)} * ${'9'.repeat(200)}`]])(
    '%s is empty',
    (src) => expect(run(src, env)).toBeNull(),
  );

  it('explains parse errors in Chinese', () => {
    expect(parseFormula('')).toMatchObject({ ok: false, error: '公式不能为空' });
    expect(parseFormula('(1 + 2')).toMatchObject({ ok: false, error: '括号不匹配' });
    expect(parseFormula('1 + 2)')).toMatchObject({ ok: false, error: '括号不匹配' });
    expect(parseFormula('1 +')).toMatchObject({ ok: false, error: '公式不完整' });
    expect(parseFormula('1 2')).toMatchObject({ ok: false, error: '第3个字符附近缺少运算符' });
    expect(parseFormula('1 % 2')).toMatchObject({ ok: false, error: '第3个字符“%”无法识别' });
    expect(parseFormula('{a')).toMatchObject({ ok: false, error: '引用缺少右花括号“}”' });
    expect(parseFormula('{ }')).toMatchObject({ ok: false });
  });

  it('lists the references it uses, once each', () => {
    expect(parseFormula('{12} * {price} + {12}')).toMatchObject({ ok: true, refs: ['12', 'price'] });
  });
});
