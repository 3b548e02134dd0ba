/**
 * The item index's exact lookups: an item by id, by its own barcode, by a pack unit's barcode (a carton's code
 * finds its item and unit without a scan of the items, issue 28), and the members of a variant group. Entry
 * numbers are the index's (item-index.ts); the index tells this one of every put and removal.
 */
import type { ItemDoc } from '../../../commands/docs';
import type { PackUnit } from '../../../commands/lib/units';
import type { Entry } from './rank';

const packCode = (u: PackUnit | undefined) => (typeof u?.barcode === 'string' ? u.barcode.toLowerCase() : '');

export class Lookups {
  readonly byId = new Map<string, number>();
  private readonly byBarcode = new Map<string, number>();
  private readonly byPackCode = new Map<string, { entry: number; unit: number }>();
  private readonly byGroup = new Map<string, Set<number>>();

  constructor(private readonly entries: Entry[]) {}

  add(i: number, e: Entry): void {
    this.byId.set(e.doc._id, i);
    if (e.code) this.byBarcode.set(e.code, i);
    (e.doc.units ?? []).forEach((u, unit) => {
      const pack = packCode(u);
      if (pack) this.byPackCode.set(pack, { entry: i, unit });
    });
    const group = e.doc.group?.id;
    if (group) {
      const set = this.byGroup.get(group) ?? new Set<number>();
      set.add(i);
      this.byGroup.set(group, set);
    }
  }

  drop(i: number, e: Entry): void {
    this.byId.delete(e.doc._id);
    if (e.code && this.byBarcode.get(e.code) === i) this.byBarcode.delete(e.code);
    for (const u of e.doc.units ?? []) {
      const pack = packCode(u);
      if (pack && this.byPackCode.get(pack)?.entry === i) this.byPackCode.delete(pack);
    }
    if (e.doc.group?.id) this.byGroup.get(e.doc.group.id)?.delete(i);
  }

  get(id: string): ItemDoc | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.entries[i].doc;
  }

  /** An id, or else a barcode (scanners read either). */
  find(code: string): ItemDoc | undefined {
    const i = this.byId.get(code) ?? this.byBarcode.get(code.toLowerCase());
    return i === undefined ? undefined : this.entries[i].doc;
  }

  /** A pack unit's barcode: its item and the unit (by position in the item's units). */
  findPack(code: string): { doc: ItemDoc; unit: PackUnit } | undefined {
    const hit = this.byPackCode.get(code.toLowerCase());
    if (!hit) return undefined;
    const doc = this.entries[hit.entry].doc;
    const unit = doc.units?.[hit.unit];
    return unit ? { doc, unit } : undefined;
  }

  group(groupId: string): ItemDoc[] {
    return [...(this.byGroup.get(groupId) ?? [])].map((i) => this.entries[i].doc);
  }
}
