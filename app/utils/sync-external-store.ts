/**
 * What Headless UI imports as `use-sync-external-store/shim`: React 18
 * and later have the hook itself, and the shim then only hands React's on.
 * vite.config.ts points the shim here, which spares the browser its code.
 */
export { useSyncExternalStore } from "react";
