// TanStack Query over the request client: useApi for reads, useApiMutation for writes.
import type { EndpointDef, ResponseOf } from '@sk/shared';
import { QueryClient, type UseMutationOptions, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, type CallOptions, call, configureApi, type InputOf } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** The query key of an endpoint (and input): invalidate with apiKey(ep) to refresh every input. */
export const apiKey = (ep: EndpointDef, input?: unknown): unknown[] => (input === undefined ? [ep.method, ep.path] : [ep.method, ep.path, input]);

/**
 * Makes the cached answers of these reads stale, whatever their input: the screens showing them ask again (and the
 * promise settles once they have). Invalidation by key is the one way a screen is refreshed after a change, list
 * pages included (a ListPage is kept under its read's key; its handle has no refresh). Prefer declaring it where the
 * write is: `staleAfter` (every caller of a write, wherever it is made) or useApiMutation's `invalidates`; call this
 * for what no write declares (a refusal that shows the list is out of date, a read that marks something read).
 */
export function invalidate(...reads: EndpointDef[]): Promise<void> {
  return Promise.all(reads.map((r) => queryClient.invalidateQueries({ predicate: readsFrom(r) }))).then(() => {});
}

/**
 * The queries that show a read: those under its key (useApi, and a ListPage's list, which is kept under its read's
 * key) and those that name it in `meta.reads` (a ListPage whose rows come from more than one read: a list and its count).
 */
export const readsFrom =
  (r: EndpointDef) =>
  (q: { queryKey: readonly unknown[]; meta?: Record<string, unknown> }): boolean =>
    (q.queryKey[0] === r.method && q.queryKey[1] === r.path) || (Array.isArray(q.meta?.reads) && q.meta.reads.includes(r));

/** Write endpoint → the reads its success makes stale. Areas declare theirs with `staleAfter`. */
const staleReads = new Map<EndpointDef, Set<EndpointDef>>();

/**
 * Declares that a successful call to any of `writes` makes the cached answers of `reads` stale: every such
 * write, wherever it is made, refreshes the details and counts that show it (a customer's 合同（n） tab …).
 */
export function staleAfter(writes: readonly EndpointDef[], reads: readonly EndpointDef[]): void {
  for (const w of writes) {
    const set = staleReads.get(w) ?? new Set();
    for (const r of reads) set.add(r);
    staleReads.set(w, set);
  }
}

/** The reads a write makes stale (for tests). */
export const readsStaleAfter = (w: EndpointDef): EndpointDef[] => [...(staleReads.get(w) ?? [])];

/**
 * The shell's counts (the menu badges, the bell, the home page's to-dos) carry this `meta`: any successful write,
 * whichever page or dialog made it (approve, grab, accept, dispatch, complete, read a notice, file a document), refreshes
 * them at once instead of at their next poll. One rule here, not one declaration per write.
 */
export const SHELL_COUNT: { shellCount: true } = { shellCount: true };

/** The queries a successful write makes stale everywhere: the shell's counts. */
export const isShellCount = (q: { meta?: Record<string, unknown> }): boolean => q.meta?.shellCount === true;

configureApi({
  written: (ep) => {
    for (const r of staleReads.get(ep) ?? []) void queryClient.invalidateQueries({ predicate: readsFrom(r) });
    void queryClient.invalidateQueries({ predicate: isShellCount });
  },
});

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
      for (const e of invalidates ?? []) await qc.invalidateQueries({ predicate: readsFrom(e) });
      await onSuccess?.(...args);
    },
    ...rest,
  });
}
