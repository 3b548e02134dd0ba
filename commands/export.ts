/**
 * The owner's download of the business's data: every document of its synced databases as this device holds
 * them (main, shared, denormalized; not the device-only local one), as one JSON file.
 */

export const EXPORT_FORMAT = 'oja-export-1';

export type BusinessExport = {
  format: typeof EXPORT_FORMAT;
  business: string;
  businessName?: string;
  /** Milliseconds since the epoch. */
  exported: number;
  exportedBy: string;
  /** Every document of each database, with its _id and _rev, ordered by id. */
  databases: { main: Record<string, unknown>[]; shared: Record<string, unknown>[]; denormalized: Record<string, unknown>[] };
};

export const EXPORT_MESSAGES = {
  ownerOnly: "Only the owner can export the business's data",
} as const;

export type ExportCommands = {
  /** Level 0 only. Not a live read: the shell asks once per download. */
  'business-export': (input: Record<string, never>) => Promise<BusinessExport>;
};

/** The download's file name: oja-{business}-{YYYY-MM-DD}.json. */
export function exportFileName(business: string, day: string): string {
  return `oja-${business.replace(/[^\w-]+/g, '_')}-${day}.json`;
}
