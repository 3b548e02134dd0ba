/**
 * Every route of the spec (document 000 section 2, document 001 section 2) and the screen it shows.
 * Screens not built yet show their title (a placeholder). To add your screen, name it lazily (it then loads
 * with its chunk on first visit; this is the only file that imports screens) and replace its `screen`:
 *
 *   const BankStatement = lazyScreen(() => import('./banks/BankStatement').then((m) => m.BankStatement));
 *   { path: '/banks/:id', title: 'Bank statement', shell: true, guard: '/banks', screen: BankStatement },
 *
 * A screen receives `params` (from ':name' parts; a trailing slash in the URL is ignored) and may read
 * the query with useRoute(). `shell: false` routes render without the menu (the sign-in area).
 * `guard` names the menu entry (by path) whose role levels may open the route; other levels get not-found.
 * Order matters only where two patterns could match: literal routes come before ':param' ones.
 */
import { matchPath } from './router';
import type { RouteDef } from './screen';
import { lazyScreen } from './lazy-screen';
import { NotFound } from './shell/NotFound';
import { Placeholder } from './shell/Placeholder';

// Every screen loads with its own chunk (and the chunks it shares) on first visit: see src/lazy-screen.tsx.
const ShiftReportScreen = lazyScreen(() => import('./shifts/ShiftReportScreen').then((m) => m.ShiftReportScreen));
const ShiftsScreen = lazyScreen(() => import('./shifts/ShiftsScreen').then((m) => m.ShiftsScreen));
const HeaderUpload = lazyScreen(() => import('./settings/invoice/HeaderUpload').then((m) => m.HeaderUpload));
const InvoiceCustomisation = lazyScreen(() => import('./settings/invoice/InvoiceCustomisation').then((m) => m.InvoiceCustomisation));
const UserPage = lazyScreen(() => import('./staff/UserPage').then((m) => m.UserPage));
const SettingsScreen = lazyScreen(() => import('./settings/SettingsScreen').then((m) => m.SettingsScreen));
const BankStatement = lazyScreen(() => import('./banks/BankStatement').then((m) => m.BankStatement));
const BanksScreen = lazyScreen(() => import('./banks/BanksScreen').then((m) => m.BanksScreen));
const CashbookScreen = lazyScreen(() => import('./cashbook/CashbookScreen').then((m) => m.CashbookScreen));
const ExpenseDetail = lazyScreen(() => import('./expenses/ExpenseDetail').then((m) => m.ExpenseDetail));
const ExpensesScreen = lazyScreen(() => import('./expenses/ExpensesScreen').then((m) => m.ExpensesScreen));
const CustomerStatement = lazyScreen(() => import('./clients/ClientStatement').then((m) => m.CustomerStatement));
const SupplierStatement = lazyScreen(() => import('./clients/ClientStatement').then((m) => m.SupplierStatement));
const CustomersScreen = lazyScreen(() => import('./clients/ClientsScreen').then((m) => m.CustomersScreen));
const SuppliersScreen = lazyScreen(() => import('./clients/ClientsScreen').then((m) => m.SuppliersScreen));
const PaymentReceipt = lazyScreen(() => import('./clients/PaymentReceipt').then((m) => m.PaymentReceipt));
const NotAccepted = lazyScreen(() => import('./sync/NotAccepted').then((m) => m.NotAccepted));
const SmsLog = lazyScreen(() => import('./sms/SmsLog').then((m) => m.SmsLog));
const PrinterScreen = lazyScreen(() => import('./printer/PrinterScreen').then((m) => m.PrinterScreen));
const AuditScreen = lazyScreen(() => import('./audit/AuditScreen').then((m) => m.AuditScreen));
const DevicesScreen = lazyScreen(() => import('./settings/DevicesScreen').then((m) => m.DevicesScreen));
// A saved purchase opens its details (the 'redirect after purchase' setting, and always after an edit): fetched ahead.
const PurchaseDetails = lazyScreen(() => import('./purchases/PurchaseDetails').then((m) => m.PurchaseDetails));
const toPurchase = () => [PurchaseDetails];
const EditPurchase = lazyScreen(() => import('./purchases/EditPurchase').then((m) => m.EditPurchase), { next: toPurchase });
const NewPurchase = lazyScreen(() => import('./purchases/NewPurchase').then((m) => m.NewPurchase), { next: toPurchase });
const PurchasesList = lazyScreen(() => import('./purchases/PurchasesList').then((m) => m.PurchasesList));
const ChangePasswordScreen = lazyScreen(() => import('./signin/ChangePassword').then((m) => m.ChangePasswordScreen));
const FinishedScreen = lazyScreen(() => import('./signin/Finished').then((m) => m.FinishedScreen));
const LockScreen = lazyScreen(() => import('./signin/Lock').then((m) => m.LockScreen));
const LoginScreen = lazyScreen(() => import('./signin/Login').then((m) => m.LoginScreen));
const RegisterScreen = lazyScreen(() => import('./signin/Register').then((m) => m.RegisterScreen));
const SetPinScreen = lazyScreen(() => import('./signin/SetPin').then((m) => m.SetPinScreen));
const BranchesScreen = lazyScreen(() => import('./staff/BranchesScreen').then((m) => m.BranchesScreen));
const EnterBranchScreen = lazyScreen(() => import('./staff/EnterBranch').then((m) => m.EnterBranchScreen));
const UsersScreen = lazyScreen(() => import('./staff/UsersScreen').then((m) => m.UsersScreen));
const IssueOutScreen = lazyScreen(() => import('./store/IssueForm').then((m) => m.IssueOutScreen));
const ReceiveScreen = lazyScreen(() => import('./store/IssueForm').then((m) => m.ReceiveScreen));
// A saved sale opens its receipt: the screens that save one fetch the receipt's chunk once they show (issue 31).
const InvoicePage = lazyScreen(() => import('./sales/invoice/InvoicePage').then((m) => m.InvoicePage));
const toReceipt = () => [InvoicePage];
const EditSale = lazyScreen(() => import('./sales/form/EditSale').then((m) => m.EditSale), { next: toReceipt });
const NewSale = lazyScreen(() => import('./sales/form/NewSale').then((m) => m.NewSale), { next: toReceipt });
const SalesList = lazyScreen(() => import('./sales/list/SalesList').then((m) => m.SalesList));
const TransportList = lazyScreen(() => import('./sales/list/TransportList').then((m) => m.TransportList));
const CustomerDisplay = lazyScreen(() => import('./display/CustomerDisplay').then((m) => m.CustomerDisplay));
const QuickSale = lazyScreen(() => import('./sales/quick/QuickSale').then((m) => m.QuickSale), { next: toReceipt });
const StockStatement = lazyScreen(() => import('./store/StockStatement').then((m) => m.StockStatement));
const LabelsScreen = lazyScreen(() => import('./store/labels/LabelsScreen').then((m) => m.LabelsScreen));
const StocktakeScreen = lazyScreen(() => import('./store/stocktake/StocktakeScreen').then((m) => m.StocktakeScreen));
const StocktakeCount = lazyScreen(() => import('./store/stocktake/StocktakeCount').then((m) => m.StocktakeCount));
const StoreScreen = lazyScreen(() => import('./store/StoreScreen').then((m) => m.StoreScreen));
const ReportsScreen = lazyScreen(() => import('./reports/ReportsScreen').then((m) => m.ReportsScreen));

export const ROOT_REDIRECT = '/authentication/register';
export const NOT_FOUND = '/not-found';

export const ROUTES: RouteDef[] = [
  // Inside the shell
  { path: '/cashbook', title: 'Cashbook', shell: true, guard: '/cashbook', screen: CashbookScreen },
  // Shifts: anyone who sells or keeps the cash (the worker and the server refuse the store keeper's writes).
  { path: '/shifts', title: 'Shifts', shell: true, screen: ShiftsScreen },
  // Every level: it lists only what this till's own changes met at the server (the sync badge leads here).
  { path: '/sync', title: 'Not accepted by the server', shell: true, screen: NotAccepted },
  { path: '/shifts/:id', title: 'Z-report', shell: true, screen: ShiftReportScreen },
  { path: '/banks', title: 'Banks', shell: true, guard: '/banks', screen: BanksScreen },
  { path: '/banks/:id', title: 'Bank statement', shell: true, guard: '/banks', screen: BankStatement },
  { path: '/sales', title: 'Sold', shell: true, guard: '/sales', screen: SalesList },
  { path: '/sales/new', title: 'New sale', shell: true, guard: '/sales', screen: NewSale },
  { path: '/sales/quick', title: 'Quick sale', shell: true, guard: '/sales', screen: QuickSale },
  { path: '/sales/invoice/:id', title: 'Sales invoice', shell: true, guard: '/sales', screen: InvoicePage },
  { path: '/sales/invoice/:id/edit', title: 'Edit sale', shell: true, guard: '/sales', screen: EditSale },
  { path: '/sales/:salesType', title: 'New sale', shell: true, guard: '/sales', screen: NewSale },
  { path: '/purchases', title: 'Bought', shell: true, guard: '/purchases', screen: PurchasesList },
  { path: '/purchases/new', title: 'New purchase', shell: true, guard: '/purchases', screen: NewPurchase },
  { path: '/purchases/invoice/:id', title: 'Purchase details', shell: true, guard: '/purchases', screen: PurchaseDetails },
  { path: '/purchases/invoice/:id/edit', title: 'Edit purchase', shell: true, guard: '/purchases', screen: EditPurchase },
  { path: '/purchase/invoice/:id', title: 'Purchase details', shell: true, guard: '/purchases', screen: PurchaseDetails },
  { path: '/payment/invoice/:id', title: 'Payment receipt', shell: true, screen: PaymentReceipt },
  { path: '/expenses', title: 'Expenses', shell: true, guard: '/expenses', screen: ExpensesScreen },
  { path: '/expenses/:id', title: 'Expense', shell: true, guard: '/expenses', screen: ExpenseDetail },
  { path: '/customers', title: 'Customers', shell: true, guard: '/customers', screen: CustomersScreen },
  { path: '/customer/:id', title: 'Customer statement', shell: true, guard: '/customers', screen: CustomerStatement },
  { path: '/suppliers', title: 'Suppliers', shell: true, guard: '/suppliers', screen: SuppliersScreen },
  { path: '/supplier/:id', title: 'Supplier statement', shell: true, guard: '/suppliers', screen: SupplierStatement },
  { path: '/store', title: 'Store', shell: true, guard: '/store', screen: StoreScreen },
  // Stocktake (issue 30): before '/store/:items', which would take 'stocktake' for an item id.
  { path: '/store/stocktake', title: 'Stocktake', shell: true, guard: '/store', screen: StocktakeScreen },
  { path: '/store/stocktake/:id', title: 'Stocktake', shell: true, guard: '/store', screen: StocktakeCount },
  { path: '/store/labels', title: 'Print labels', shell: true, guard: '/store', screen: LabelsScreen },
  { path: '/store/:items', title: 'Stock statement', shell: true, guard: '/store', screen: StockStatement },
  { path: '/showroom', title: 'Showroom', shell: true, guard: '/showroom', screen: StoreScreen },
  { path: '/issue-out', title: 'Issue out', shell: true, guard: '/store', screen: IssueOutScreen },
  { path: '/receive', title: 'Production', shell: true, guard: '/store', screen: ReceiveScreen },
  { path: '/transportation', title: 'Transportation Charges', shell: true, guard: '/transportation', screen: TransportList },
  { path: '/users', title: 'Users', shell: true, guard: '/users', screen: UsersScreen },
  { path: '/finance/users/:id', title: 'User', shell: true, guard: '/users', screen: UserPage },
  { path: '/branches', title: 'Branch offices', shell: true, guard: '/branches', screen: BranchesScreen },
  { path: '/branch/:id', title: 'Branch', shell: true, guard: '/branches', screen: EnterBranchScreen },
  { path: '/reports', title: 'Reports', shell: true, guard: '/reports', screen: ReportsScreen },
  { path: '/settings', title: 'Settings', shell: true, guard: '/settings', screen: SettingsScreen },
  { path: '/settings/sms', title: 'SMS log', shell: true, guard: '/settings', screen: SmsLog },
  { path: '/settings/devices', title: 'Devices', shell: true, guard: '/settings', screen: DevicesScreen },
  // Every level: the printer belongs to the device (its own storage, nothing synced), and a cashier sets up the till's.
  { path: '/settings/printer', title: 'Receipt printer', shell: true, screen: PrinterScreen },
  // The owner's audit log (issue 30): level 0 only, as Settings, from where it is linked.
  { path: '/audit', title: 'Audit log', shell: true, guard: '/settings', screen: AuditScreen },
  { path: '/preferences/invoice', title: 'Invoice customisation', shell: true, guard: '/settings', screen: InvoiceCustomisation },
  { path: '/preferences/invoice/upload', title: 'Invoice header upload', shell: true, guard: '/settings', screen: HeaderUpload },
  // Outside the shell: the sign-in area (server engineer's screens)
  { path: '/authentication/lock', title: 'Lock', shell: false, screen: LockScreen },
  { path: '/authentication/register', title: 'Register', shell: false, screen: RegisterScreen },
  { path: '/authentication/finished', title: 'Logging you in', shell: false, screen: FinishedScreen },
  { path: '/authentication/login', title: 'Login', shell: false, screen: LoginScreen },
  { path: '/authentication/set-pin', title: 'Secure your data', shell: false, needsUnlock: true, screen: SetPinScreen },
  { path: '/authentication/change-password', title: 'Change password', shell: false, needsUnlock: true, screen: ChangePasswordScreen },
  // The customer display reads nothing itself: it shows what a till of this browser publishes (src/display/).
  { path: '/display', title: 'Customer display', shell: false, screen: CustomerDisplay },
  { path: NOT_FOUND, title: 'Page not found', shell: false, screen: NotFound },
];

for (const r of ROUTES) r.screen ??= Placeholder;

export type Resolved = { route: RouteDef; params: Record<string, string> };

/** The route for a pathname, or undefined (the App then goes to /not-found). */
export function resolveRoute(path: string): Resolved | undefined {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}
