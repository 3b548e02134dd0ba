/**
 * Reading stored documents back in a test, typed by their kind: the test's side of commands/docs.ts's
 * isKind/asKind. A document of another kind (or none) fails the test with its id and kind instead of being
 * cast and read as something it is not.
 */
import { asKind, type DocOfKind, type DocType } from '../../commands/docs';

/** The document as one of the kinds; throws, naming what it got, when it is missing or of another kind. */
export function expectKind<K extends DocType>(doc: unknown, ...kinds: K[]): DocOfKind<K> {
  const typed = asKind(doc, ...kinds);
  if (!typed) {
    const got = doc && typeof doc === 'object' ? `${(doc as { _id?: string })._id} of kind ${(doc as { stores?: string }).stores}` : String(doc);
    throw new Error(`expected a ${kinds.join(' or ')} document, got ${got}`);
  }
  return typed;
}

/** get() of the document `id`, as one of the kinds (see expectKind). */
export async function stored<K extends DocType>(db: { get(id: string): Promise<unknown> }, id: string, ...kinds: K[]): Promise<DocOfKind<K>> {
  return expectKind(await db.get(id), ...kinds);
}
