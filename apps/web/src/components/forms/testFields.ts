// Field definitions for the form engine's component tests.
import { blankFieldProps, type FieldDef } from '@sk/shared/forms/index';

export function field(id: number, name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef {
  return { ...blankFieldProps(), id, name, type, sort: id, ...extra };
}
