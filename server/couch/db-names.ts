/**
 * The embedded server's list of its databases, kept in memory. express-pouchdb checks that a request's database
 * exists by asking pouchdb-all-dbs for every database's name, which builds a new array of all of them for each
 * request (15,000 names at 5,000 businesses, three databases each) and runs each ask through one queue. Here
 * the list is read once at start and then changed as databases are made or destroyed, from the same events
 * pouchdb-all-dbs itself records them by; a request gets the one kept array (express-pouchdb's wrapper also
 * decoded every name for every request).
 */
type AllDbs = (callback?: (err: unknown, names?: string[]) => void) => Promise<string[]>;
type Pouch = { allDbs: AllDbs; on(event: 'created' | 'destroyed', listener: (name: string) => void): unknown };

/** What pouchdb-all-dbs leaves out of its list (its own database, view indexes, remote databases). */
const ignored = (name: string) => name === 'pouch__all_dbs__' || name.includes('-mrview-') || /^https?:\/\//.test(name);
const normal = (name: string) => name.replace(/^_pouch_/, '');
const decoded = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** Call once the PouchDB constructor has pouchdb-all-dbs (after express-pouchdb's setPouchDB), before any request. */
export async function keepDbNames(pouch: Pouch): Promise<void> {
  // Read through express-pouchdb's wrapper (decoded); the events name them as stored.
  const names = new Set<string>(await pouch.allDbs());
  let list: string[] | undefined;
  pouch.on('created', (name) => {
    name = normal(name);
    if (ignored(name) || names.has(name)) return;
    names.add(name);
    list = undefined;
  });
  pouch.on('destroyed', (name) => {
    if (names.delete(normal(name))) list = undefined;
  });
  pouch.allDbs = (callback) => {
    // Decoded, as express-pouchdb's own wrapper of allDbs (routes/db.js) answers them; this replaces it.
    const answer = Promise.resolve((list ??= [...names].map(decoded)));
    if (callback) answer.then((all) => callback(null, all));
    return answer;
  };
}
