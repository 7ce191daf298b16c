import type { Tx } from '../../db/client';
import { registrationSite } from '../../platform/registry';

/** What an owning area learns when one of its documents' approval ends (in the deciding transaction). */
export interface ApprovalEnd {
  enterpriseId: number;
  instanceId: number;
  kind: string;
  docId: number;
  /** 1 approved, 2 rejected, 3 withdrawn. */
  result: 1 | 2 | 3;
  actorId: number;
  comment: string | null;
}

export type ApprovalEndHandler = (tx: Tx, end: ApprovalEnd) => Promise<void>;

const handlers = new Map<string, ApprovalEndHandler>();
const sites = new Map<string, string>();

/**
 * An area declares what its document does when its approval ends (approved: the document moves on; rejected or
 * withdrawn: it goes back). The handler runs in the same transaction as the deciding change: if it throws
 * (the document can no longer move), the decision is not taken. One handler per kind; the kind itself is
 * declared in packages/shared/src/approvals/kinds.ts.
 */
export function onApprovalEnd(kind: string, handler: ApprovalEndHandler): () => void {
  handlers.set(kind, handler);
  sites.set(kind, registrationSite());
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}

/** Each kind with a handler, in registration order, with where it was registered (the wiring snapshot). */
export const approvalEndEntries = (): { kind: string; site: string }[] => [...handlers.keys()].map((kind) => ({ kind, site: sites.get(kind) ?? '?' }));

export const endHandlerOf = (kind: string): ApprovalEndHandler | undefined => handlers.get(kind);
