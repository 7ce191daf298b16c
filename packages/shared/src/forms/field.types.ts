import type { FileKind } from '../files/files.constants';
import type { FieldType, LinkKind, OrderGroup } from './forms.constants';

export interface CascadeNode {
  label: string;
  children?: CascadeNode[];
}
export interface FieldCondition {
  /** The controlling field: a custom field id ('12') or a system field key. */
  field: string;
  /** Shown when that field's value is (or, for lists, contains) one of these. */
  values: string[];
}

/** A custom field's definition, as stored in a template version. */
export interface FieldDef {
  id: number;
  name: string;
  type: FieldType;
  required: boolean;
  sort: number;
  options: string[];
  cascade: CascadeNode[];
  placeholder: string;
  help: string;
  defaultValue: unknown;
  group: OrderGroup | null;
  visibleRoles: number[];
  condition: FieldCondition | null;
  min: number | string | null;
  max: number | string | null;
  precision: number | null;
  maxLength: number | null;
  maxCount: number | null;
  fileKinds: FileKind[];
  formula: string;
  linkKind: LinkKind | null;
  stars: number | null;
}
export type FieldInput = Omit<FieldDef, 'id' | 'sort'> & { sort?: number };
