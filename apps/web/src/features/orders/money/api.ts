import { orderMoneyContract as M } from '@sk/shared/orders/order.money.contract';
import { moneyItemContract } from '@sk/shared/forms/preferences.contract';
import { staleAfter } from '../../../lib/query';

export { M as moneyContract };

// Fees and evaluation change what the panels, the report and the payment code show.
staleAfter([M.saveFees], [M.fees, M.paymentQrCode]);
staleAfter([M.evaluate], [M.evaluation]);
staleAfter([M.receiveSave, M.receiveDelete], [M.receiveList, M.receiveByTemplate]);
staleAfter([moneyItemContract.save, moneyItemContract.update, moneyItemContract.delete, moneyItemContract.returnTmp], [moneyItemContract.list, M.fees]);

/** Two-decimal yuan from a number the server sent (already exact at cents). */
export const yuanText = (y: number) => `¥${y.toFixed(2)}`;
