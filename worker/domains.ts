/** Every domain's handlers, registered once at start. A new domain adds one line here. */
import audit from './audit/handlers';
import banks from './banks/handlers';
import cashbook from './cashbook/handlers';
import clients from './clients/handlers';
import config from './config/handlers';
import core from './core/handlers';
import expenses from './expenses/handlers';
import businessExport from './export/handlers';
import ledger from './ledger/handlers';
import invoiceHeader from './invoice-header/handlers';
import issues from './issues/handlers';
import itemCatalog from './items/catalog';
import items from './items/handlers';
import itemImport from './items/import';
import reorderList from './items/reorder-list';
import storeList from './items/store-list';
import parked from './parked/handlers';
import payments from './payments/handlers';
import purchases from './purchases/handlers';
import type { Domain } from './registry';
import returns from './returns/handlers';
import sales from './sales/handlers';
import shifts from './shifts/handlers';
import sms from './sms/handlers';
import sync from './sync/handlers';
import warehouses from './warehouses/handlers';

export const DOMAINS: Domain[] = [core, businessExport, ledger, config, clients, payments, banks, cashbook, expenses, items, itemCatalog, storeList, reorderList, itemImport, warehouses, returns, issues, sales, parked, shifts, invoiceHeader, purchases, sms, sync, audit];
