import { FORM_KIND_IDS, type FieldDef, type FieldInput, type FormKindId, fieldInput, type Industry } from '@sk/shared';
import type { Tx } from '../../db/client';
import * as repo from './forms.repo';
import { defaultTemplateName } from './templates.service';

type Preset = Partial<FieldInput> & { name: string; type: FieldInput['type'] };

const faultPhotos: Preset = { name: '现场照片', type: 26, group: 'orderInfo' };

/** A few custom fields for the default order type, per industry (the formula refers to earlier fields by position). */
const ORDER_PRESETS: Record<Industry, Preset[]> = {
  manufacturing: [
    { name: '产品型号', type: 1, group: 'orderInfo', placeholder: '请输入产品型号' },
    { name: '故障类型', type: 3, group: 'orderInfo', options: ['不制冷', '不制热', '漏水', '异响', '不通电', '显示故障', '其他'], required: true },
    { name: '故障说明', type: 13, group: 'orderInfo', condition: { field: '#2', values: ['其他'] } },
    { name: '购买日期', type: 4, group: 'customerInfo' },
    faultPhotos,
  ],
  service: [
    { name: '服务内容', type: 13, group: 'orderInfo', required: true },
    { name: '预计工时', type: 2, group: 'serviceFees', min: 0, precision: 1 },
    { name: '工时单价', type: 2, group: 'serviceFees', min: 0, precision: 2 },
    { name: '工时费', type: 19, group: 'serviceFees', formula: '{#2} * {#3}', precision: 2 },
    { name: '客户签名', type: 21, group: 'orderReceipt' },
  ],
  property: [
    { name: '楼栋房号', type: 1, group: 'customerInfo', required: true, placeholder: '如：3栋1单元502' },
    { name: '报修区域', type: 3, group: 'orderInfo', options: ['公共区域', '室内'], required: true },
    { name: '紧急程度', type: 3, group: 'orderInfo', options: ['一般', '紧急'], defaultValue: '一般' },
    faultPhotos,
  ],
  homeImprovement: [
    { name: '房屋面积', type: 2, group: 'orderInfo', min: 0, precision: 2, help: '单位：平方米' },
    { name: '单价', type: 2, group: 'serviceFees', min: 0, precision: 2, help: '元/平方米' },
    { name: '预估费用', type: 19, group: 'serviceFees', formula: '{#1} * {#2}' },
    { name: '装修风格', type: 3, group: 'orderInfo', options: ['现代简约', '中式', '欧式', '其他'] },
    { name: '量房日期', type: 4, group: 'progressInfo' },
  ],
  machinery: [
    { name: '设备编号', type: 12, group: 'orderInfo', required: true },
    { name: '运行时长', type: 2, group: 'orderInfo', min: 0, help: '单位：小时' },
    {
      name: '故障部位',
      type: 18,
      group: 'orderInfo',
      cascade: [
        { label: '动力系统', children: [{ label: '发动机' }, { label: '变速箱' }] },
        { label: '液压系统', children: [{ label: '油泵' }, { label: '油缸' }] },
        { label: '电气系统' },
      ],
    },
    { name: '现场定位', type: 11, group: 'orderInfo' },
    faultPhotos,
  ],
};

const EVENT_PRESET: Preset[] = [
  { name: '事件来源', type: 3, options: ['电话', '微信', '上门', '其他'], defaultValue: '电话' },
  { name: '问题描述', type: 13, required: true },
];
const PROJECT_PRESET: Preset[] = [
  { name: '预算金额', type: 2, min: 0, precision: 2 },
  { name: '项目地址', type: 9 },
  { name: '计划周期', type: 24 },
];

/** Turns '#n' placeholders (the n-th preset field) into the inserted fields' ids. */
const bindRefs = (s: string, ids: number[]): string => s.replace(/#(\d+)/g, (_, n: string) => String(ids[Number(n) - 1]));

async function seedFields(tx: Tx, enterpriseId: number, templateId: number, presets: Preset[]): Promise<FieldDef[]> {
  const ids: number[] = [];
  const out: FieldDef[] = [];
  for (const [i, p] of presets.entries()) {
    const d = { ...fieldInput.parse({ ...p, condition: null, formula: p.formula ? '0' : '' }), sort: i + 1 };
    ids.push(await repo.insertField(tx, enterpriseId, templateId, d));
    out.push({ ...d, id: ids[i] } as FieldDef);
  }
  // References need the ids, so conditions and formulas are set once every field exists.
  for (const [i, p] of presets.entries()) {
    if (!p.condition && !p.formula) continue;
    const f = out[i] as FieldDef;
    f.condition = p.condition ? { field: bindRefs(p.condition.field, ids), values: p.condition.values } : null;
    f.formula = p.formula ? bindRefs(p.formula, ids) : '';
    await repo.updateField(tx, enterpriseId, templateId, f);
  }
  return out;
}

function presetsOf(kind: FormKindId, industry: Industry): Preset[] {
  if (kind === 1) return ORDER_PRESETS[industry] ?? ORDER_PRESETS.service;
  if (kind === 6) return EVENT_PRESET;
  if (kind === 10) return PROJECT_PRESET;
  return [];
}

/** Every form kind's default template; order, event and project ones with the industry's fields. Idempotent. */
export async function provisionForms(tx: Tx, enterpriseId: number, industry: Industry): Promise<void> {
  for (const kind of FORM_KIND_IDS) {
    if (await repo.defaultTemplate(tx, enterpriseId, kind)) continue;
    const sort = await repo.nextTemplateSort(tx, enterpriseId, kind);
    const id = await repo.insertTemplate(tx, { enterpriseId, formKind: kind, name: defaultTemplateName(kind), isDefault: true, sort });
    if (id === null) continue;
    const fields = await seedFields(tx, enterpriseId, id, presetsOf(kind, industry));
    await repo.insertVersion(tx, enterpriseId, id, fields, null);
  }
}
