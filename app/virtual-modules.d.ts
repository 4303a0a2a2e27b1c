/** The URL of each locale's translation chunk in the browser build (see vite.config.ts). */
declare module "virtual:locale-chunks" {
  const urls: Partial<Record<"zh" | "en", string>>;
  export default urls;
}

/** Headless UI on the server, nothing in the browser (see vite.config.ts and components/headless.tsx). */
declare module "virtual:server-headless" {
  const headless: typeof import("./components/headless-parts.ts") | undefined;
  export default headless;
}
