/** The URL of each locale's translation chunk in the browser build (see vite.config.ts). */
declare module "virtual:locale-chunks" {
  const urls: Partial<Record<"zh" | "en", string>>;
  export default urls;
  /** The chunk of each locale's signed-in pages' texts (app/locales/load.ts). */
  export const signedIn: Partial<Record<"zh" | "en", string>>;
}
