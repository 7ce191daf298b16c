// The openings through which an upper part of the app shows its widgets inside a lower one (DESIGN §2a): the shell's
// header and home page, and the customer detail's tabs of the areas built on customers. The lower part renders
// `slot(name)`; app/slots.tsx fills every slot once, before the first render, with the features' components (taken
// from their index.ts). A slot nobody filled renders nothing (a widget test rendering a shell part alone).
import type { ComponentType } from 'react';

export interface Slots {
  /** The header's search box (compact: a button opening a dialog). */
  headerSearch: ComponentType<{ compact: boolean }>;
  /** The header's notices bell. */
  headerNotices: ComponentType<{ compact: boolean }>;
  /** Mounted with the header, showing nothing until it must: the call centre's screen pop. */
  headerListener: ComponentType;
  /** The director's figures on the home page. */
  homeFigures: ComponentType;
  /** The customer detail's 工单, 事件 and 项目 tabs. */
  customerOrders: ComponentType<{ customerId: number }>;
  customerEvents: ComponentType<{ customerId: number }>;
  customerProjects: ComponentType<{ customerId: number }>;
}

const filled: Partial<Slots> = {};
const Nothing = () => null;

/** Fills every slot (app/slots.tsx, once at start-up). */
export function fillSlots(slots: Slots): void {
  Object.assign(filled, slots);
}

/** The component filling a slot; read while rendering (the slots are filled before the first render). */
export function slot<K extends keyof Slots>(name: K): Slots[K] {
  return (filled[name] ?? Nothing) as Slots[K];
}
