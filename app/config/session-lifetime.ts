/**
 * How long a signed-in session lasts: the portal's cookie session and the
 * fake backend's token both end after this long without a request, and this
 * long after sign-in whatever happens, so a token taken out of a session
 * cannot outlive it.
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
