/**
 * A field the /db checks that need other documents (./shift-closes.ts) set on one document of a batch they
 * refuse: validate_doc_update refuses any document carrying it, with its text as the reason, so a batch (a
 * till's sync) answers that document alone as forbidden and the rest go on. A client that sets it only
 * refuses its own write.
 */
export const REFUSED_FIELD = 'oja_refused';
