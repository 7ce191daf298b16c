import { customerPartsContract as P } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { countAddresses, deleteAddress, listAddresses, saveAddress, setDefaultAddress } from './addresses.service';
import { pageFor } from './common';
import { countContacts, deleteContact, listContacts, saveContact } from './contacts.service';

/** Contacts and addresses (ContactManage, AddressManage, the customer detail page). */
export function partsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, P, {
    linkPersonList: async ({ actor, query }) => listContacts(db, actor, query, pageFor(actor, query)),
    linkPersonCount: async ({ actor, query }) => countContacts(db, actor, query),
    linkPersonSave: async ({ actor, body }) => withMessage({ id: await saveContact(db, actor, body) }, '保存成功'),
    linkPersonDelete: async ({ actor, body }) => {
      await deleteContact(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    addressList: async ({ actor, query }) => listAddresses(db, actor, query, pageFor(actor, query)),
    addressCount: async ({ actor, query }) => countAddresses(db, actor, query),
    addressSave: async ({ actor, body }) => withMessage({ id: await saveAddress(db, actor, body) }, '保存成功'),
    addressSetDefault: async ({ actor, body }) => {
      await setDefaultAddress(db, actor, body.id);
      return withMessage(null, '设置成功');
    },
    addressDelete: async ({ actor, body }) => {
      await deleteAddress(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
  });
}
