/**
 * Transaction summaries of the spec: 'Issue of a, b & c', 'Sale of a, b & c', 'Purchase of a, b & c'
 * (names joined by commas with a final ampersand).
 */
export function joinNames(names: readonly string[]): string {
  const clean = names.map((n) => n.trim()).filter(Boolean);
  if (clean.length <= 1) return clean.join('');
  return `${clean.slice(0, -1).join(', ')} & ${clean[clean.length - 1]}`;
}

export function summaryOf(prefix: string, names: readonly string[]): string {
  return `${prefix} of ${joinNames(names)}`;
}
