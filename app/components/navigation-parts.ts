/** The chunk of ./navigation-feedback.tsx. */
export { LoadingOverlay } from "./loading-overlay.tsx";
export { RouteAnnouncer } from "./route-announcer.tsx";
