// The customer portal's client (docs/portal.md): every call carries the portal's CSRF header (X-Portal-CSRF) and
// never leaves the page on 未登录 by itself (the portal shell sends the visitor to /portal/login).
import type { EndpointDef, ResponseOf } from '@sk/shared/common/contract';
import { portalContract } from '@sk/shared/portal/portal.contract';
import { scanContract } from '@sk/shared/portal/scan.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, type CallOptions, call, type InputOf } from '../../lib/api';
import { apiKey, queryClient } from '../../lib/query';

export { portalContract as P, scanContract as S };

let csrf = '';
export const setPortalCsrf = (token: string): void => {
  csrf = token;
};

/** At login and logout: nothing of the previous account (its name, its CSRF token, its records) stays cached. */
export const forgetPortal = (): void => {
  csrf = '';
  queryClient.removeQueries({ queryKey: ['portal'] });
};

export function portalCall<E extends EndpointDef>(ep: E, input?: InputOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  return call(ep, input, { noRedirect: true, ...opts, headers: { ...opts.headers, ...(csrf ? { 'X-Portal-CSRF': csrf } : {}) } });
}

export function usePortal<E extends EndpointDef>(ep: E, input?: InputOf<E>, o: { enabled?: boolean } = {}) {
  return useQuery<ResponseOf<E>, ApiError>({
    queryKey: ['portal', ...apiKey(ep, input ?? {})],
    queryFn: () => portalCall(ep, input, { silent: true }),
    retry: false,
    staleTime: 0,
    ...o,
  });
}

/** A portal write: toasts the server's message, then refreshes every portal read. */
export function usePortalWrite<E extends EndpointDef>(ep: E, onDone?: (data: ResponseOf<E>) => void) {
  const qc = useQueryClient();
  return useMutation<ResponseOf<E>, ApiError, InputOf<E>>({
    mutationFn: (input) => portalCall(ep, input, { successToast: true }),
    onSuccess: async (data) => {
      await qc.invalidateQueries({ queryKey: ['portal'] });
      onDone?.(data);
    },
  });
}

/** ¥1,234.50 of integer cents. */
export const yuan = (cents: number): string => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A photo from the phone, made at most 1600 px on its long side and sent as a JPEG data URL. */
export function shrinkImage(file: File, max = 1600): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      const k = Math.min(1, max / Math.max(img.width, img.height));
      const c = document.createElement('canvas');
      c.width = Math.max(1, Math.round(img.width * k));
      c.height = Math.max(1, Math.round(img.height * k));
      c.getContext('2d')?.drawImage(img, 0, 0, c.width, c.height);
      URL.revokeObjectURL(url);
      resolve(c.toDataURL('image/jpeg', 0.85));
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('图片无法读取，请换一张'));
    };
    img.src = url;
  });
}
