import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps';
import { accountModule } from './account/account.routes';

export type Module = (app: FastifyInstance, deps: Deps) => Promise<void> | void;

/** Every module, in registration order. Each adds its own line here. */
export const modules: Module[] = [accountModule];
