import { z } from 'zod';
import { endpoint } from '../common/contract';
import { choiceMessage, L } from '../common/zod';
import { CUSTOMER_POWERS as P } from './customers.contract';
import { IMPORT_KINDS, type ImportKind } from './customers.constants';
import { customerFilters } from './customers.schema';
import { optionalIds, optionalText } from './fields';

const kind = L(z.enum(Object.keys(IMPORT_KINDS) as [ImportKind, ...ImportKind[]], choiceMessage('导入类型', IMPORT_KINDS)), '导入类型');

export const customerImportErrorSchema = z.object({ row: z.number(), reason: z.string() });
export const customerImportResultSchema = z.object({
  total: z.number(),
  valid: z.number(),
  /** Rows written (0 on a dry run). */
  imported: z.number(),
  errors: z.array(customerImportErrorSchema),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;

/** xlsx import of customers (with contacts and addresses) and installed products; export through the download centre. */
export const customerImportContract = {
  /** The xlsx template to fill in (a file, not an envelope). */
  template: endpoint({ method: 'GET', path: '/v2/customer/import/template', power: P.import, query: z.object({ kind }), response: z.null() }),
  /** Dry run: multipart `file`; lists every bad row with its reason, writes nothing. */
  check: endpoint({ method: 'POST', path: '/v2/customer/import/check', power: P.import, query: z.object({ kind }), response: customerImportResultSchema }),
  /** Writes every good row in one transaction (or nothing), skipping the bad rows the dry run lists. */
  save: endpoint({ method: 'POST', path: '/v2/customer/import/save', power: P.import, query: z.object({ kind }), response: customerImportResultSchema }),
  /** Starts a download-centre export of the list (same filters) or of the selected ids; also needs the export power. */
  exportCustomers: endpoint({
    method: 'POST',
    path: '/export/customer',
    power: P.customer,
    body: customerFilters.extend({ fileName: optionalText('文件名', 100), ids: optionalIds('客户', 1000) }),
    response: z.object({ id: z.number() }),
  }),
};
