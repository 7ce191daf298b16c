import { z } from 'zod';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { ids, optionalText, requiredId, requiredText } from '../customers/fields';

/** A project's files, products, contracts and messages (the spec's project calls). */
const projectId = requiredId('项目');
const okId = z.object({ id: z.number() });

export const projectFileRow = z.object({
  id: z.number(),
  uploadId: z.number(),
  name: z.string(),
  ext: z.string(),
  size: z.number(),
  url: z.string(),
  userName: z.string().nullable(),
  time: z.string(),
});
export type ProjectFileRow = z.infer<typeof projectFileRow>;
export const projectProductRow = z.object({
  id: z.number(),
  productModelId: z.number().nullable(),
  name: z.string(),
  model: z.string().nullable(),
  quantity: z.string(),
  saleContractNo: z.string().nullable(),
});
export type ProjectProductRow = z.infer<typeof projectProductRow>;
export const projectContractRow = z.object({
  id: z.number(),
  kind: z.enum(['sale', 'maintain']),
  contractId: z.number(),
  contractNo: z.string(),
  name: z.string(),
});
export type ProjectContractRow = z.infer<typeof projectContractRow>;
/** A contract of the project's customer, for the products and contracts tabs' pickers. */
export const customerContractRow = z.object({ id: z.number(), contractNo: z.string(), name: z.string(), date: z.string() });
export type CustomerContractRow = z.infer<typeof customerContractRow>;
export const projectMessageRow = z.object({ id: z.number(), content: z.string(), userName: z.string().nullable(), mine: z.boolean(), time: z.string() });
export type ProjectMessageRow = z.infer<typeof projectMessageRow>;

const kind = L(z.enum(['sale', 'maintain'], { error: '合同类型不正确' }), '合同类型');
const productQuery = z.object({ projectId, ...pageQuery.shape });

export const projectPartsContract = {
  fileUp: endpoint({
    method: 'POST',
    path: '/project/fileUp',
    body: z.object({ projectId, fileIds: ids('文件', 20) }),
    response: z.object({ count: z.number() }),
  }),
  fileList: endpoint({ method: 'GET', path: '/project/fileList', query: z.object({ projectId }), response: z.array(projectFileRow) }),
  batchDeleteFile: endpoint({ method: 'DELETE', path: '/project/batchDeleteFile', body: z.object({ ids: ids('文件', 100) }), response: z.null() }),
  productList: endpoint({ method: 'GET', path: '/project/production/list', query: productQuery, response: z.array(projectProductRow) }),
  productCount: endpoint({ method: 'GET', path: '/project/production/count', query: productQuery, response: z.number() }),
  deleteProducts: endpoint({ method: 'DELETE', path: '/project/batch/delete/production', body: z.object({ ids: ids('产品', 500) }), response: z.null() }),
  takeSaleProducts: endpoint({
    method: 'POST',
    path: '/project/saleContract/production/access',
    body: z.object({ projectId, contractId: requiredId('销售合同') }),
    response: z.object({ count: z.number() }),
  }),
  exportProducts: endpoint({
    method: 'POST',
    path: '/export/project/product',
    body: z.object({ projectId, fileName: optionalText('文件名', 100) }),
    response: okId,
  }),
  refContract: endpoint({
    method: 'POST',
    path: '/project/progress/projectRefContract',
    body: z.object({ projectId, kind, contractId: requiredId('合同') }),
    response: okId,
  }),
  customerContracts: endpoint({
    method: 'GET',
    path: '/project/customerContracts',
    query: z.object({ projectId, kind, keyword: optionalText('关键字', 50) }),
    response: z.array(customerContractRow),
  }),
  contractList: endpoint({ method: 'GET', path: '/project/contractList', query: z.object({ projectId }), response: z.array(projectContractRow) }),
  messageList: endpoint({ method: 'GET', path: '/project/messageList', query: z.object({ projectId }), response: z.array(projectMessageRow) }),
  addMessage: endpoint({ method: 'POST', path: '/project/addMessage', body: z.object({ projectId, content: requiredText('留言内容', 2000) }), response: okId }),
  delMessage: endpoint({ method: 'DELETE', path: '/project/delMessage', body: z.object({ id: requiredId('留言') }), response: z.null() }),
} as const;
