import { poolContract } from '@sk/shared/pool/pool.contract';
import { staleAfter } from '../../lib/query';

export { poolContract };

staleAfter([poolContract.saveRule, poolContract.deleteRule], [poolContract.rules]);
staleAfter([poolContract.saveProfile], [poolContract.profiles]);
staleAfter([poolContract.grab, poolContract.revokeGrab], [poolContract.mine]);
// An order grabbed, given back, put in or taken out changes the pool's list.
staleAfter([poolContract.grab, poolContract.revokeGrab, poolContract.put, poolContract.take], [poolContract.list]);

/** Metres as people read them: 850米, 2.3公里. */
export const distanceText = (m: number | null): string => (m == null ? '—' : m < 1000 ? `${m}米` : `${(m / 1000).toFixed(1)}公里`);

/** An area code as the AreaCascader's path: '310115' → ['31', '3101', '310115']. */
export const areaPath = (code: string | null | undefined): string[] =>
  !code ? [] : code.length <= 2 ? [code] : code.length <= 4 ? [code.slice(0, 2), code] : [code.slice(0, 2), code.slice(0, 4), code];

export const orderDetailPath = (id: number): string => `/allOrder/orderDetail/${id}`;
