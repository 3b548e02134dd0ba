/**
 * Every route of the spec (document 000 section 2, document 001 section 2) and the screen it shows.
 * Screens not built yet show their title (a placeholder). To add your screen, replace its `screen`:
 *
 *   { path: '/banks/:id', title: 'Bank statement', shell: true, guard: '/banks', screen: BankStatement },
 *
 * A screen receives `params` (from ':name' parts; a trailing slash in the URL is ignored) and may read
 * the query with useRoute(). `shell: false` routes render without the menu (the sign-in area).
 * `guard` names the menu entry (by path) whose role levels may open the route; other levels get not-found.
 * Order matters only where two patterns could match: literal routes come before ':param' ones.
 */
import { BankStatement } from './banks/BankStatement';
import { BanksScreen } from './banks/BanksScreen';
import { CashbookScreen } from './cashbook/CashbookScreen';
import { ExpenseDetail } from './expenses/ExpenseDetail';
import { ExpensesScreen } from './expenses/ExpensesScreen';
import { CustomerStatement, SupplierStatement } from './clients/ClientStatement';
import { CustomersScreen, SuppliersScreen } from './clients/ClientsScreen';
import { PaymentReceipt } from './clients/PaymentReceipt';
import { EditPurchase } from './purchases/EditPurchase';
import { NewPurchase } from './purchases/NewPurchase';
import { PurchaseDetails } from './purchases/PurchaseDetails';
import { PurchasesList } from './purchases/PurchasesList';
import { matchPath } from './router';
import type { RouteDef } from './screen';
import { NotFound } from './shell/NotFound';
import { Placeholder } from './shell/Placeholder';
import { ChangePasswordScreen } from './signin/ChangePassword';
import { FinishedScreen } from './signin/Finished';
import { LockScreen } from './signin/Lock';
import { LoginScreen } from './signin/Login';
import { RegisterScreen } from './signin/Register';
import { SetPinScreen } from './signin/SetPin';
import { ShiftReportScreen } from './shifts/ShiftReportScreen';
import { ShiftsScreen } from './shifts/ShiftsScreen';
import { BranchesScreen } from './staff/BranchesScreen';
import { EnterBranchScreen } from './staff/EnterBranch';
import { UserPage } from './staff/UserPage';
import { UsersScreen } from './staff/UsersScreen';
import { IssueOutScreen, ReceiveScreen } from './store/IssueForm';
import { EditSale } from './sales/form/EditSale';
import { NewSale } from './sales/form/NewSale';
import { InvoicePage } from './sales/invoice/InvoicePage';
import { SalesList } from './sales/list/SalesList';
import { TransportList } from './sales/list/TransportList';
import { QuickSale } from './sales/quick/QuickSale';
import { StockStatement } from './store/StockStatement';
import { StoreScreen } from './store/StoreScreen';
import { SmsLog } from './sms/SmsLog';
import { SettingsScreen } from './settings/SettingsScreen';
import { HeaderUpload } from './settings/invoice/HeaderUpload';
import { InvoiceCustomisation } from './settings/invoice/InvoiceCustomisation';


export const ROOT_REDIRECT = '/authentication/register';
export const NOT_FOUND = '/not-found';

export const ROUTES: RouteDef[] = [
  // Inside the shell
  { path: '/cashbook', title: 'Cashbook', shell: true, guard: '/cashbook', screen: CashbookScreen },
  // Shifts: anyone who sells or keeps the cash (the worker and the server refuse the store keeper's writes).
  { path: '/shifts', title: 'Shifts', shell: true, screen: ShiftsScreen },
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
  { path: '/store/:items', title: 'Stock statement', shell: true, guard: '/store', screen: StockStatement },
  { path: '/showroom', title: 'Showroom', shell: true, guard: '/showroom', screen: StoreScreen },
  { path: '/issue-out', title: 'Issue out', shell: true, guard: '/store', screen: IssueOutScreen },
  { path: '/receive', title: 'Production', shell: true, guard: '/store', screen: ReceiveScreen },
  { path: '/transportation', title: 'Transportation Charges', shell: true, guard: '/transportation', screen: TransportList },
  { path: '/users', title: 'Users', shell: true, guard: '/users', screen: UsersScreen },
  { path: '/finance/users/:id', title: 'User', shell: true, guard: '/users', screen: UserPage },
  { path: '/branches', title: 'Branch offices', shell: true, guard: '/branches', screen: BranchesScreen },
  { path: '/branch/:id', title: 'Branch', shell: true, guard: '/branches', screen: EnterBranchScreen },
  { path: '/settings', title: 'Settings', shell: true, guard: '/settings', screen: SettingsScreen },
  { path: '/settings/sms', title: 'SMS log', shell: true, guard: '/settings', screen: SmsLog },
  { path: '/preferences/invoice', title: 'Invoice customisation', shell: true, guard: '/settings', screen: InvoiceCustomisation },
  { path: '/preferences/invoice/upload', title: 'Invoice header upload', shell: true, guard: '/settings', screen: HeaderUpload },
  // Outside the shell: the sign-in area (server engineer's screens)
  { path: '/authentication/lock', title: 'Lock', shell: false, screen: LockScreen },
  { path: '/authentication/register', title: 'Register', shell: false, screen: RegisterScreen },
  { path: '/authentication/finished', title: 'Logging you in', shell: false, screen: FinishedScreen },
  { path: '/authentication/login', title: 'Login', shell: false, screen: LoginScreen },
  { path: '/authentication/set-pin', title: 'Secure your data', shell: false, screen: SetPinScreen },
  { path: '/authentication/change-password', title: 'Change password', shell: false, screen: ChangePasswordScreen },
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
