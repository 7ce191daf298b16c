import { z } from 'zod';
import { ORDER_GROUPS } from './forms.constants';
import type { FixedField } from './forms.fixed';
import { extFieldSchema, extValues, fieldDefSchema } from './forms.schema';

/** Response shapes of the template and field calls. */
export const templateRow = z.object({
  id: z.number(),
  name: z.string(),
  /** Form kind id. */
  type: z.number(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  sort: z.number(),
  version: z.number(),
  versionId: z.number(),
  fieldCount: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TemplateRow = z.infer<typeof templateRow>;

export const fieldsView = z.object({
  templateId: z.number(),
  templateName: z.string(),
  type: z.number(),
  versionId: z.number(),
  version: z.number(),
  fields: z.array(fieldDefSchema),
});
export type FieldsView = z.infer<typeof fieldsView>;

export const fixedFieldSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.number(),
  required: z.boolean(),
  group: z.string().optional(),
  options: z.array(z.string()).optional(),
}) as unknown as z.ZodType<FixedField>;

/** Everything a form renderer needs for one form kind and template version. */
export const formInfo = z.object({
  ...fieldsView.shape,
  kindName: z.string(),
  fixedFields: z.array(fixedFieldSchema),
  groups: z.array(z.object({ key: z.string(), name: z.string() })),
  /** Fixed height of a field group in px, where the spec gives one. */
  height: z.number().nullable(),
  formulaRefs: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type FormInfo = z.infer<typeof formInfo>;
export const orderGroups = ORDER_GROUPS.map((g) => ({ key: g.key as string, name: g.name as string }));

export const designerDetail = z.object({ ...formInfo.shape, templateEnabled: z.boolean(), recycleCount: z.number() });
export type DesignerDetail = z.infer<typeof designerDetail>;

export const fieldNameRow = z.object({ key: z.string(), name: z.string(), type: z.number(), system: z.boolean() });
export type FieldNameRow = z.infer<typeof fieldNameRow>;

export const fieldValuesAnswer = z.object({ versionId: z.number(), ext: extValues, fields: z.array(extFieldSchema) });

export const recycledField = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  templateId: z.number(),
  templateName: z.string(),
  formKind: z.number(),
  deleteTime: z.string(),
  deleteUserName: z.string().nullable(),
});
export type RecycledField = z.infer<typeof recycledField>;

export const moneyItemRow = z.object({
  id: z.number(),
  templateId: z.number(),
  templateName: z.string(),
  name: z.string(),
  price: z.number(),
  unit: z.string(),
  sort: z.number(),
  createTime: z.string(),
  deleteTime: z.string().nullable(),
});
export type MoneyItemRow = z.infer<typeof moneyItemRow>;
