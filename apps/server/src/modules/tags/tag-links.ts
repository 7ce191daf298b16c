import type { LinkTagCode } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { registrationSite } from '../../platform/registry';

// The links' statements (links.repo.ts), where the orders, customers and events modules import them.
export { addLinks, hasAnyTag, type LinkedTag, removeAllLinksOf, removeLinks, tagsOf } from './links.repo';

/**
 * Tag links for the areas that tag records: orders (3), customers (4), events (6).
 * Every function takes the enterprise id from the caller's session.
 */

/** Answers the ids among `ids` that exist in the user's enterprise and that the user may tag. */
export type TagTargetCheck = (ex: Executor, actor: Actor, ids: number[]) => Promise<number[]>;
const targets = new Map<number, TagTargetCheck>();
const sites = new Map<number, string>();

/** The orders, customers and events modules register how to check their record ids. */
export function registerTagTarget(code: LinkTagCode, check: TagTargetCheck): void {
  targets.set(code, check);
  sites.set(code, registrationSite());
}
/** Each tag target, in registration order, with where it was registered (the wiring snapshot). */
export const tagTargetEntries = (): { code: number; site: string }[] => [...targets.keys()].map((code) => ({ code, site: sites.get(code) ?? '?' }));
export const tagTarget = (code: number): TagTargetCheck | undefined => targets.get(code);
