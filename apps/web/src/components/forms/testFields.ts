// Field definitions for the form engine's component tests.
import type { FieldDef } from '@sk/shared/forms/index';

export function field(id: number, name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef {
  return {
    id,
    name,
    type,
    required: false,
    sort: id,
    options: [],
    cascade: [],
    placeholder: '',
    help: '',
    defaultValue: null,
    group: null,
    visibleRoles: [],
    condition: null,
    min: null,
    max: null,
    precision: null,
    maxLength: null,
    maxCount: null,
    fileKinds: [],
    formula: '',
    linkKind: null,
    stars: null,
    ...extra,
  };
}
