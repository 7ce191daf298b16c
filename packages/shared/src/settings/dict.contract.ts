import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { id, L } from '../common/zod';
import { DICT_NAME_MAX, DICT_TYPES, DICT_VALUE_MAX } from './dict.constants';
import { codeArray, idArray } from './fields';

const known = (n: number) => DICT_TYPES.some((t) => t.type === n);
const dictTypeId = L(coerceInt('smallint').refine(known, '不存在的字典类型'), '字典类型');
const typeList = L(codeArray(known, '不存在的字典类型', '请指定字典类型'), '字典类型');
const itemName = L(z.string().trim().min(1, '请输入名称').max(DICT_NAME_MAX, `名称不能超过${DICT_NAME_MAX}个字`), '名称');
const itemValue = L(z.string().trim().max(DICT_VALUE_MAX, `不能超过${DICT_VALUE_MAX}个字`).optional(), '值');

export const dictItemSchema = z.object({ id: z.number(), type: z.number(), name: z.string(), value: z.string(), sort: z.number(), enabled: z.boolean() });
export type DictItem = z.infer<typeof dictItemSchema>;

export const dictContract = {
  /** Enabled items of one type, in order. */
  list: endpoint({ method: 'GET', path: '/dict/list', query: z.object({ type: dictTypeId }), response: z.array(dictItemSchema) }),
  /** Enabled items of one or several types (comma list), each carrying its type. */
  valueByTypeList: endpoint({ method: 'GET', path: '/v2/system/getValueBytypeList', query: z.object({ type: typeList }), response: z.array(dictItemSchema) }),
  /** Enabled items of a type named by its code ('logistics_company') or numeric id. */
  codeContent: endpoint({
    method: 'GET',
    path: '/stand/codeContent',
    query: z.object({ code: L(z.string().trim().min(1, '请指定字典编码').max(64), '字典编码') }),
    response: z.array(dictItemSchema),
  }),
  /** The /dictionarySettings page: every type with its item count. */
  types: endpoint({
    method: 'GET',
    path: '/dict/types',
    response: z.array(
      z.object({
        type: z.number(),
        code: z.string(),
        name: z.string(),
        group: z.string(),
        fixed: z.boolean(),
        valueLabel: z.string().nullable(),
        valueRequired: z.boolean(),
        count: z.number(),
      }),
    ),
  }),
  /** Every item of a type, disabled ones too. */
  items: endpoint({
    method: 'GET',
    path: '/dict/items',
    query: z.object({ type: dictTypeId, keyword: L(z.string().trim().max(50).optional(), '关键字') }),
    response: z.array(dictItemSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/dict/item',
    power: POWERS.systemSetting,
    body: z.object({ type: dictTypeId, name: itemName, value: itemValue }),
    response: z.object({ id: z.number() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/dict/item',
    power: POWERS.systemSetting,
    body: z.object({ id: L(id, '字典项'), name: itemName, value: itemValue }),
    response: z.null(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/dict/item',
    power: POWERS.systemSetting,
    body: z.object({ ids: L(idArray('请选择需要删除的行'), '字典项') }),
    response: z.null(),
  }),
  /** New order of a type's items: ids first to last; items not named keep their place after them. */
  sort: endpoint({
    method: 'PUT',
    path: '/dict/item/sort',
    power: POWERS.systemSetting,
    body: z.object({ type: dictTypeId, ids: L(idArray('请指定排序'), '字典项') }),
    response: z.null(),
  }),
  enable: endpoint({
    method: 'PUT',
    path: '/dict/item/enable',
    power: POWERS.systemSetting,
    body: z.object({ ids: L(idArray('请选择字典项'), '字典项'), enabled: L(z.boolean(), '启用状态') }),
    response: z.null(),
  }),
};

export const areaSchema = z.object({ code: z.string(), name: z.string(), leaf: z.boolean() });

export const areaContract = {
  /** No parentCode: provinces; a province's code: its cities; a city's code: its districts. */
  list: endpoint({
    method: 'GET',
    path: '/area/list',
    query: z.object({
      parentCode: L(
        z
          .string()
          .trim()
          .regex(/^(\d{2}|\d{4})$/, '请传入2位省级或4位市级编码')
          .optional(),
        '上级地区编码',
      ),
    }),
    response: z.array(areaSchema),
  }),
};
