// Form rules derived from the zod contracts: a dialog states which contract field a Form.Item holds, and the rules
// (required, lengths, patterns, messages) are the contract's own, so the web and the server never disagree.
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The first message zod gives for a value, or null when the value passes. */
export function zodMessage(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? '格式不正确');
}

/**
 * antd rules for one contract field. Required when the contract refuses an empty value (the message is the
 * contract's own); a filled value must pass the contract. `required` overrides for a field the page makes
 * mandatory although the contract allows it empty (an empty list included).
 */
export function rulesOf(schema: z.ZodType, opts: { required?: boolean | string } = {}): Rule[] {
  const emptyMessage = zodMessage(schema, '') ?? zodMessage(schema, undefined);
  const required = opts.required === undefined ? emptyMessage !== null : Boolean(opts.required);
  const requiredMessage = typeof opts.required === 'string' ? opts.required : (emptyMessage ?? '请填写');
  const rules: Rule[] = [];
  // A validator of our own rather than antd's `whitespace`, which checks the value as a string and so refuses a
  // number (an id picked in a select).
  if (required) {
    rules.push({
      required: true,
      message: requiredMessage,
      validator: async (_rule, value: unknown) => {
        if (empty(value)) throw new Error(requiredMessage);
      },
    });
  }
  rules.push({
    validator: async (_rule, value: unknown) => {
      if (empty(value)) return;
      // An empty list (a multiple select) the page asks to fill, even where the contract takes it empty.
      if (opts.required && Array.isArray(value) && value.length === 0) throw new Error(requiredMessage);
      const message = zodMessage(schema, value);
      if (message) throw new Error(message);
    },
  });
  return rules;
}
