/** The bench's command line (scripts/bench/README.md lists the flags and what each leaves out). */
import { SIZES, type SizeName } from './data';

export type Args = { size: SizeName; json?: string; fresh: boolean; skipNaive: boolean; skipQuickSale: boolean; skipFloor: boolean; onlyMoney: boolean; onlyClients: boolean; onlyReports: boolean; onlyInitialSync: boolean; skipInitialSync: boolean; onlyPrint: boolean; skipPrint: boolean; coldStarts: number; cpuThrottle?: number; appSize?: SizeName; appOnly?: boolean; ledgerOnly?: boolean; levelsUnits: boolean; onlySalePath: boolean; rounds: number };

export function parseArgs(argv: string[]): Args {
  const args: Args = { size: 'M', fresh: false, skipNaive: false, skipQuickSale: false, skipFloor: false, onlyMoney: false, onlyClients: false, onlyReports: false, onlyInitialSync: false, skipInitialSync: false, onlyPrint: false, skipPrint: false, coldStarts: 1, levelsUnits: false, onlySalePath: false, rounds: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--size') args.size = argv[++i] as SizeName;
    else if (a === '--json') args.json = argv[++i];
    else if (a === '--fresh') args.fresh = true;
    // The naive baseline builds two find indexes over every document: minutes on the M and L sets.
    else if (a === '--skip-naive') args.skipNaive = true;
    // The quick-sale run has its own kept profile and fixed port: skip it while someone else runs it alone.
    else if (a === '--skip-quick-sale') args.skipQuickSale = true;
    // Three raw getAll scans of every document: about a minute each on M.
    else if (a === '--skip-floor') args.skipFloor = true;
    // Only the money screens (cashbook, bank ledger, banks list, expenses) after one cold start.
    else if (a === '--only-money') args.onlyMoney = true;
    // With --only-money: this many cold starts before the pages (their median is cold_start_ms).
    else if (a === '--cold-starts') args.coldStarts = Math.max(1, Number(argv[++i]) || 1);
    // Only the customer list, ageing and a typical statement (client scale) after one cold start.
    else if (a === '--only-clients') args.onlyClients = true;
    // Only the reports of /reports (first and warm answers) after one cold start from the checkpoint.
    else if (a === '--only-reports') args.onlyReports = true;
    // Only the initial sync of a fresh browser profile from the server holding the set (its own server and profile).
    else if (a === '--only-initial-sync') args.onlyInitialSync = true;
    else if (a === '--skip-initial-sync') args.skipInitialSync = true;
    // Only the printed report of 10,000 rows (its own server and profile; tiny prints 500).
    else if (a === '--only-print') args.onlyPrint = true;
    else if (a === '--skip-print') args.skipPrint = true;
    // 1× and N× side by side: the whole browser under a CPU quota of cores/N (cpu-throttle.ts, throttle-run.ts).
    // With --cpu-throttle: the real app's runs on another item set than the ledger's (M's 50k items take minutes to import).
    else if (a === '--app-size') args.appSize = argv[++i] as SizeName;
    // With --cpu-throttle: only the real app's runs (the ledger page's kept data set is per port: another run may hold it).
    else if (a === '--app-only') args.appOnly = true;
    // With --cpu-throttle: only the ledger bench's runs (cold starts with checkpoint, store page, its worker's heap).
    else if (a === '--ledger-only') args.ledgerOnly = true;
    else if (a === '--cpu-throttle') {
      args.cpuThrottle = Number(argv[++i]);
      if (!(args.cpuThrottle > 1)) throw new Error('--cpu-throttle takes a factor above 1, e.g. --cpu-throttle 4');
    }
    // Issue 28: also the store page, sale save and quick sale on the set with price levels and units of measure
    // (keys ending _lu beside the plain ones; scripts/bench/sale-path.ts).
    else if (a === '--levels-units') args.levelsUnits = true;
    // Only the store page, the sale save and the quick sale (plain set, and the variant with --levels-units).
    else if (a === '--only-sale-path') args.onlySalePath = true;
    // With --only-sale-path: this many rounds, plain and variant interleaved (the keys: their medians).
    else if (a === '--rounds') args.rounds = Math.max(1, Number(argv[++i]) || 1);
  }
  if (!(args.size in SIZES)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  return args;
}

