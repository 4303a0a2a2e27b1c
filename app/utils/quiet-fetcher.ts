/**
 * Fetchers whose page shows its own progress and must not be covered while
 * they run (the stock in/out scans: a scanner keeps typing the next number).
 * The loading overlay (app/components/loading-overlay.tsx) covers the page
 * during every other navigation and post that takes a while.
 */
const QUIET = "quiet:";

export const quietFetcherKey = (name: string) => `${QUIET}${name}`;
export const isQuietFetcher = (key: string) => key.startsWith(QUIET);
