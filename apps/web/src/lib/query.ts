// TanStack Query over the request client: useApi for reads, useApiMutation for writes.
import type { EndpointDef, ResponseOf } from '@sk/shared';
import {
  QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, type CallOptions, call, type InputOf } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** The query key of an endpoint (and input): invalidate with apiKey(ep) to refresh every input. */
export const apiKey = (ep: EndpointDef, input?: unknown): unknown[] =>
  input === undefined ? [ep.method, ep.path] : [ep.method, ep.path, input];

type QueryOpts<E extends EndpointDef> = Omit<UseQueryOptions<ResponseOf<E>, ApiError>, 'queryKey' | 'queryFn'> & {
  call?: CallOptions;
};

export function useApi<E extends EndpointDef>(ep: E, input?: InputOf<E>, options: QueryOpts<E> = {}) {
  const { call: callOpts, ...rest } = options;
  return useQuery<ResponseOf<E>, ApiError>({
    queryKey: apiKey(ep, input ?? {}),
    queryFn: ({ signal }) => call(ep, input, { ...callOpts, signal }),
    ...rest,
  });
}

type MutationOpts<E extends EndpointDef> = Omit<UseMutationOptions<ResponseOf<E>, ApiError, InputOf<E>>, 'mutationFn'> & {
  call?: CallOptions;
  /** Endpoints whose cached answers this write makes stale. */
  invalidates?: EndpointDef[];
};

/** Writes toast the server's success message ('保存成功') unless call.successToast is false. */
export function useApiMutation<E extends EndpointDef>(ep: E, options: MutationOpts<E> = {}) {
  const qc = useQueryClient();
  const { call: callOpts, invalidates, onSuccess, ...rest } = options;
  return useMutation<ResponseOf<E>, ApiError, InputOf<E>>({
    mutationFn: (input) => call(ep, input, { successToast: true, ...callOpts }),
    onSuccess: async (...args) => {
      for (const e of invalidates ?? []) await qc.invalidateQueries({ queryKey: apiKey(e) });
      await onSuccess?.(...args);
    },
    ...rest,
  });
}
