import { customerPartsContract as P } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { countAddresses, deleteAddress, listAddresses, saveAddress, setDefaultAddress } from './addresses.service';
import { pageFor } from './common';
import { actorOf } from '../../platform/actor';
import { countContacts, deleteContact, listContacts, saveContact } from './contacts.service';

/** Contacts and addresses (ContactManage, AddressManage, the customer detail page). */
export function partsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, P, {
    linkPersonList: async ({ user, query }) => listContacts(db, actorOf(user), query, pageFor(user, query)),
    linkPersonCount: async ({ user, query }) => countContacts(db, actorOf(user), query),
    linkPersonSave: async ({ user, body }) => withMessage({ id: await saveContact(db, actorOf(user), body) }, '保存成功'),
    linkPersonDelete: async ({ user, body }) => {
      await deleteContact(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    addressList: async ({ user, query }) => listAddresses(db, actorOf(user), query, pageFor(user, query)),
    addressCount: async ({ user, query }) => countAddresses(db, actorOf(user), query),
    addressSave: async ({ user, body }) => withMessage({ id: await saveAddress(db, actorOf(user), body) }, '保存成功'),
    addressSetDefault: async ({ user, body }) => {
      await setDefaultAddress(db, actorOf(user), body.id);
      return withMessage(null, '设置成功');
    },
    addressDelete: async ({ user, body }) => {
      await deleteAddress(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
  });
}
