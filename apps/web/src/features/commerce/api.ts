import { quotationContract, type QuoteRow, type WarrantyExtRow, warrantyExtContract } from '@sk/shared/commerce/commerce.contract';
import { productContract } from '@sk/shared/customers/products.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export { quotationContract as Q, warrantyExtContract as W };

staleAfter([warrantyExtContract.create, warrantyExtContract.cancel], [warrantyExtContract.list, warrantyExtContract.detail, productContract.productionList]);
staleAfter([quotationContract.create, quotationContract.update, quotationContract.action], [quotationContract.list, quotationContract.detail]);

export const fetchExtensions = contractFetcher<WarrantyExtRow>(warrantyExtContract.list);
export const fetchQuotes = contractFetcher<QuoteRow>(quotationContract.list);

/** ¥1,234.50 of integer cents. */
export const yuan = (cents: number): string => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const quotePath = (id: number) => `/quotation/detail/${id}`;
