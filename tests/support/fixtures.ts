/**
 * The one set of fixtures of the tests and the benchmarks: the people (an owner and staff of each level), the
 * sample items, a customer and a supplier, and the seed calls that make them. Values are fixed on purpose:
 * tests assert on the amounts they produce, so change one only with the tests that read it.
 */
import type { Args } from '../../commands/index';
import type { ItemDoc } from '../../commands/docs';
import type { RoleLevel, SessionUser } from '../../commands/session';

// People

/** The business owner of the Node backend tests (createBackend signs them in by default). */
export const OWNER: SessionUser = { username: 'v2_ada', fullname: 'Ada Obi', level: 0, business: 'b1', businessName: 'Ada Stores', policyPrefix: 'A' };
export const MANAGER: SessionUser = { ...OWNER, username: 'v2_ada_femi', fullname: 'Femi Ola', level: 1 };
export const ACCOUNTANT: SessionUser = { ...OWNER, username: 'v2_ada_ngozi', fullname: 'Ngozi Eze', level: 2 };
/** A sales agent (level 3): sells and takes payments, the cashier of the shift tests. */
export const AGENT: SessionUser = { ...OWNER, username: 'v2_ada_tolu', fullname: 'Tolu Ade', level: 3 };
/** A store keeper (level 4): keeps stock, asks for deletions others review. */
export const STORE_KEEPER: SessionUser = { ...OWNER, username: 'v2_ada_bo', fullname: 'Bo Clerk', level: 4 };

/** The owner's registration form (POST /api/create-business/) of the server and sync tests. */
export const REGISTRATION = { name: 'Ada Stores', owner: 'Ada Obi', phone: '08012345678', email: 'ada@example.com', password: 'secret12' };

/** A browser test's user of the given level; each test file names its own business so files never share data. */
export function testUser(level: RoleLevel, overrides: Partial<SessionUser> = {}): SessionUser {
  return { username: `user${level}`, fullname: `User ${level}`, level, business: 'biz-test', businessName: 'Test shop', policyPrefix: '', ...overrides };
}

/** The benchmarks' owner, in a business of their own. */
export function benchUser(business: string, policyPrefix: string): SessionUser {
  return { username: 'bench', fullname: 'Bench Owner', level: 0, business, businessName: 'Bench Stores', policyPrefix };
}

// Items, a customer, a supplier

/** An item with its starting stock, as the sales tests write it directly (fixed ids). */
export type SampleItem = { id: string; name: string; price: number; purchasePrice: number; stock: number; warehouse?: string };

export const RICE: SampleItem = { id: '7Arice', name: 'Rice', price: 1250.5, purchasePrice: 1000, stock: 10 };
export const BEANS: SampleItem = { id: '7Abeans', name: 'Beans', price: 800, purchasePrice: 600, stock: 5 };
export const GARRI: SampleItem = { id: '7Agarri', name: 'Garri', price: 0.1, purchasePrice: 0.05, stock: 100 };
export const CUSTOMER = { _id: '4Achi', name: 'Chioma', phone_number: '+2348030000000' };

/** What the purchase tests buy: a bag of rice, palm oil and one variant of a T-shirt. */
export const RICE_BAG: ItemDoc = { _id: '7Arice', stores: 'item', name: 'Rice 50kg', price: 60000, purchasePrice: 52000 };
export const PALM_OIL: ItemDoc = { _id: '7Aoil', stores: 'item', name: 'Palm oil', price: 9000, purchasePrice: 7500.5 };
export const SHIRT_RED_XL: ItemDoc = {
  _id: '7Ashirt-red-xl',
  stores: 'item',
  name: 'T-shirt',
  price: 5000,
  purchasePrice: 3000,
  group: { name: 'T-shirt', id: 'hAtshirt' },
  variation: { colour: 'Red', size: 'XL' },
};
export const SUPPLIER = { name: 'Alaba Traders', phone_number: '08031112222' };

// Seed calls (tests/support/seed.ts runs them)

/** An item-create with its starting quantity; the purchase price is 80% of the price unless given. */
export const item = (name: string, price: number, quantity: number, extra: Partial<Args<'item-create'>> = {}): ['item-create', Args<'item-create'>] => [
  'item-create',
  { name, price, purchasePrice: Math.round(price * 0.8), quantity, ...extra },
];

/** The item-create that makes one of the item documents above (its id is the backend's, not the fixture's). */
export const createItem = (doc: ItemDoc): ['item-create', Args<'item-create'>] => ['item-create', { name: doc.name, price: doc.price, purchasePrice: doc.purchasePrice }];

/** The client-create that makes the supplier. */
export const createSupplier = (s: { name: string; phone_number?: string } = SUPPLIER): ['client-create', Args<'client-create'>] => ['client-create', { kind: 'supplier', ...s }];
