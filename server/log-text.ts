/**
 * User text in the server's log: one line, quoted (JSON string syntax: newlines and control characters
 * escaped), cut to `max` characters. An SMS whose text held newlines wrote whole fake lines into the log with
 * the 'log' provider (issue 37, finding 9) — `Oja listening on …` among them, the line scripts wait for.
 */
export function logText(value: unknown, max = 500): string {
  const text = value instanceof Error ? `${value.name}: ${value.message}` : typeof value === 'string' ? value : String(JSON.stringify(value));
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}
