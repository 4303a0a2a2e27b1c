import { useSyncExternalStore } from "react";

/**
 * The width from which the side menu sits beside the page (Tailwind's `lg`,
 * 1024 px; the same width as the narrow-window rules of app.css). Below it (a narrow window, or a 1280 px screen zoomed to 200 %)
 * the menu opens over the page from the header's toggle instead.
 */
const WIDE_WINDOW = "(min-width: 64rem)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_WINDOW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the window is wide enough for the side menu beside the page; the server assumes so. */
export function useWideWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_WINDOW).matches,
    () => true,
  );
}
