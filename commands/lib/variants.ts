/**
 * Variations and variants (document 000 section 4, document 001 section 4). A variant is an item document in a
 * group (the category, e.g. "T-shirt"); its variation values are keyed by the slug of each variationFields text.
 */
import type { Variant } from '../docs';

/** 'Shoe size' → 'shoe-size': the key of a variation value on an item. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The fields of a movement line that variation selection rewrites. */
export type VariantLine = { id: string; group?: string; available?: number; price?: number; variation?: Record<string, string> };

/**
 * Choosing a variation value on a row: reset group, available and id, then find the variant whose values all
 * equal the selection and take its group, price, balance and id. Unmatched selections leave the row empty
 * (no id), so it cannot be saved as the wrong variant.
 */
export function selectVariation<L extends VariantLine>(line: L, field: string, value: string, variants: readonly Variant[]): L {
  const variation = { ...(line.variation ?? {}), [field]: value };
  const reset: L = { ...line, variation, group: undefined, available: undefined, id: '' };
  const match = variants.find((v) => Object.entries(variation).every(([k, val]) => (v.values[k] ?? '') === val));
  if (!match) return reset;
  return { ...reset, group: match.group, price: match.price, available: match.balance ?? 0, id: match._id };
}

/** The option lists of a group: every value each variation field takes among the group's variants. */
export function optionLists(fields: readonly string[], variants: readonly Variant[]): { name: string; key: string; options: string[] }[] {
  return fields.map((name) => {
    const key = slugify(name);
    const options = [...new Set(variants.map((v) => v.values[key]).filter((x): x is string => !!x))].sort();
    return { name, key, options };
  });
}

/** A form line's item fields: what choosing an item (or one of its variants) fills in. */
export type ItemLine = VariantLine & { name: string; price: number; variations: VariationList[]; variants: Variant[] };
export type VariationList = { name: string; key: string; options: string[] };
type ChosenItem = { _id: string; name: string; group?: { name: string }; variation?: Record<string, string>; variations: VariationList[]; variants: Variant[]; balance: number };

/**
 * The line with the chosen item (ItemView) in it: id, name, group, its variation values and the group's option
 * lists (fields without options left out), its variants, balance, and `price` (sale or purchase price).
 */
export function withItem<L extends ItemLine>(line: L, item: ChosenItem, price: number): L {
  return {
    ...line,
    id: item._id,
    name: item.name,
    group: item.group?.name,
    variation: item.variation,
    variations: item.variations.filter((x) => x.options.length),
    variants: item.variants,
    price,
    available: item.balance,
  };
}
