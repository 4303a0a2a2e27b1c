/**
 * The hidden field carrying a form's one-time submission key (made by the
 * loader, checked by `applyOnce` in submission-key.server.ts): pages name
 * it here, where the browser may read it.
 */
export const SUBMISSION_FIELD = "submissionKey";
