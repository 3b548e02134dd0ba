/** What the /db gate answers instead of passing a request on: a status, CouchDB's error word and a short reason. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}
