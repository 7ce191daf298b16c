import { type ExtractedCustomer, parsePastedCustomer } from '@sk/shared';
import { areas } from './areas';

/** Free text such as '张三 13800138000 上海市浦东新区张江路88号' → name, contact, phone, address and problem (packages/shared paste.ts). */
export const extractCustomerInfo = (input: string): ExtractedCustomer => parsePastedCustomer(input, areas());
