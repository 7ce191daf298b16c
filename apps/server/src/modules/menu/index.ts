// The menu module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/menu is imported from outside it.
export { countFor, registerBadgeCount, withPower } from './badges';
export type { BadgeCountFn } from './badges';
export { registerMenuGrant } from './grants';
export { menuModule } from './menu.routes';
export { menuFor } from './menu.service';
