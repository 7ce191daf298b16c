import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { optionalId, requiredId, requiredText } from '../customers/fields';

/** Power: the menu entry 故障管理. */
export const FAULT_POWER = 'menu_FaultMode';

const category = L(
  z
    .string()
    .trim()
    .max(50, '产品分类不能超过50个字')
    .nullish()
    .transform((v) => v ?? ''),
  '产品分类',
);
const code = L(
  z
    .string({ error: '请输入编码' })
    .trim()
    .min(1, '请输入编码')
    .max(30, '编码不能超过30个字')
    .regex(/^[A-Za-z0-9._-]+$/, '编码只能包含字母、数字、点、横线和下划线'),
  '编码',
);
const sort = L(coerceInt('integer', '排序不正确').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0), '排序');

export const faultNodeSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  category: z.string(),
  level: z.number(),
  code: z.string(),
  name: z.string(),
  sort: z.number(),
});
export type FaultNode = z.infer<typeof faultNodeSchema>;

/** The order's fault mode: the remedy chosen, with its cause and symptom. */
export const orderFaultSchema = z.object({
  id: z.number(),
  path: z.array(z.object({ id: z.number(), level: z.number(), code: z.string(), name: z.string() })),
  setByName: z.string().nullable(),
  setTime: z.string(),
});
export type OrderFault = z.infer<typeof orderFaultSchema>;

export const faultContract = {
  /** The tree of one category (flat, sorted), and every category known (product models' and the trees'). */
  list: endpoint({
    method: 'GET',
    path: '/fault/mode/list',
    power: FAULT_POWER,
    query: z.object({ category }),
    response: z.object({ categories: z.array(z.string()), list: z.array(faultNodeSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/fault/mode',
    power: FAULT_POWER,
    body: z.object({ category, parentId: optionalId('上级'), code, name: requiredText('名称', 50), sort }),
    response: z.object({ id: z.number() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/fault/mode',
    power: FAULT_POWER,
    body: z.object({ id: requiredId('故障模式'), code, name: requiredText('名称', 50), sort }),
    response: z.null(),
  }),
  /** Deletes a node with its subtree; refused while an order or a complaint uses any of them. */
  remove: endpoint({ method: 'DELETE', path: '/fault/mode', power: FAULT_POWER, body: z.object({ id: requiredId('故障模式') }), response: z.null() }),
  /** The picker of an order: the tree of the order's product category and the fault mode chosen (anyone who may open the order). */
  ofOrder: endpoint({
    method: 'GET',
    path: '/fault/mode/order',
    query: z.object({ orderId: requiredId('工单') }),
    response: z.object({ category: z.string(), list: z.array(faultNodeSchema), selected: orderFaultSchema.nullable() }),
  }),
  /**
   * The tree of a product model's category (by the model, or by an installed product's model; neither: the general
   * tree): the create-order page and the article dialog pick from it before an order exists. Any user of the enterprise.
   */
  ofModel: endpoint({
    method: 'GET',
    path: '/fault/mode/product',
    query: z.object({ productModelId: optionalId('产品型号'), installedProductId: optionalId('产品') }),
    response: z.object({ category: z.string(), productModelId: z.number().nullable(), list: z.array(faultNodeSchema) }),
  }),
  /** Records the order's fault mode: a remedy (level 3) of the order's category; null clears it. */
  setOrder: endpoint({
    method: 'POST',
    path: '/fault/mode/order',
    body: z.object({ orderId: requiredId('工单'), faultModeId: optionalId('故障模式') }),
    response: z.null(),
  }),
};
