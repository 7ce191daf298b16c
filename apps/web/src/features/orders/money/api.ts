import { orderMoneyContract as M } from '@sk/shared/orders/order.money.contract';
import { moneyItemContract } from '@sk/shared/forms/preferences.contract';
import { staleAfter } from '../../../lib/query';

export { M as moneyContract };

// Fees and evaluation change what the panels, the report and the payment code show.
staleAfter([M.saveFees], [M.fees, M.paymentQrCode]);
staleAfter([M.evaluate], [M.evaluation]);
staleAfter([M.receiveSave, M.receiveDelete], [M.receiveList, M.receiveByTemplate]);
staleAfter([moneyItemContract.save, moneyItemContract.update, moneyItemContract.delete, moneyItemContract.returnTmp], [moneyItemContract.list, M.fees]);

/** Two-decimal yuan (¥0.00, never -¥0.00) and a discount as taken off the bill (-¥5.00, or ¥0.00): the shared formatter. */
export { discountText, yuanText } from '@sk/shared/common/format';
