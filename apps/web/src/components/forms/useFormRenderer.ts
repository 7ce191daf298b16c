import { useCallback, useRef, useState } from 'react';
import { toast } from '../toast';
import type { FormRendererProps } from './FormRenderer';
import { type CheckOptions, defaultExt, type FormCheck, type FormDefinition, type FormValues, validateForm } from './formState';

const changedKeys = (a: FormValues, b: FormValues): string[] => [
  ...Object.keys({ ...a.system, ...b.system })
    .filter((k) => a.system[k] !== b.system[k])
    .map((k) => `sys:${k}`),
  ...Object.keys({ ...a.ext, ...b.ext })
    .filter((k) => a.ext[k] !== b.ext[k])
    .map((k) => `ext:${k}`),
];

/**
 * The state of one rendered form: values (new records start from the field defaults), the errors shown on
 * fields, and `validate()` — the shared validator's check before saving, which marks and scrolls to the failing field.
 */
export function useFormRenderer(definition: FormDefinition, initial: Partial<FormValues> = {}, o: CheckOptions = {}) {
  const [values, setValues] = useState<FormValues>(() => ({
    system: initial.system ?? {},
    ext: initial.ext ?? (o.isNew ? defaultExt(definition.fields) : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(values);
  latest.current = values;
  const opts = useRef(o);
  opts.current = o;

  const onChange = useCallback((next: FormValues) => {
    const changed = changedKeys(latest.current, next);
    setValues(next);
    setErrors((e) => (changed.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k))) : e));
  }, []);

  const validate = useCallback(async (): Promise<FormCheck> => {
    const r = await validateForm(definition, latest.current, opts.current);
    if (r.ok) {
      setErrors({});
      return r;
    }
    setErrors({ [r.key]: r.error });
    toast.error(r.error);
    document.querySelector(`[data-field="${r.key}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    return r;
  }, [definition]);

  const reset = useCallback(
    (next: Partial<FormValues> = {}) => {
      setValues({ system: next.system ?? {}, ext: next.ext ?? (opts.current.isNew ? defaultExt(definition.fields) : {}) });
      setErrors({});
    },
    [definition],
  );

  const props: Pick<FormRendererProps, 'definition' | 'value' | 'onChange' | 'errors' | 'roles'> = {
    definition,
    value: values,
    onChange,
    errors,
    roles: o.roles,
  };
  return { values, errors, validate, reset, setValues: onChange, props };
}
