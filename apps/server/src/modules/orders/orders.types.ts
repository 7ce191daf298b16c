// Types the orders module's files share, kept below both the repos and the services that use them.
import type { OrderProcess } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { SystemActor } from '../../platform/actor';

/** The process a new order pins: its settings and the version they come from (null: the built-in default). */
export interface PinnedProcess {
  process: OrderProcess;
  processVersionId: number | null;
}

/**
 * The resolver's read as an expression another statement can carry (createOrder's checks read it with the customer,
 * the type and the rest): `select` answers a JSON value (or null) for the type `templateId`, `read` makes it the pin.
 */
export interface ProcessResolverSql {
  select: (enterpriseId: number, templateId: SQL) => SQL;
  read: (value: unknown) => PinnedProcess;
}

/**
 * Who may open which order: any order page's power opens the detail, and which orders is the one order scope
 * (scope.ts); the recycle bin only with its page and the whole enterprise in view.
 */
export interface OrderReader extends SystemActor {
  timeZone: string;
  /** Sees orders in the recycle bin. */
  bin: boolean;
}
