/**
 * The addresses the route tables' tests try (tests/unit/route-groups.test.ts,
 * tests/unit/route-pattern-matching.test.ts): every page of the site map in
 * both languages with its near misses, every resource, addresses a server
 * must not read plainly, and generated ones made of the table's own
 * segments and text of any kind.
 */
import fc from "fast-check";
import { afterAll, beforeAll, vi } from "vitest";
import { HOME_PAGES, PUBLIC_PAGES, REGISTER_PAGES, RESOURCES } from "~/utils/site-map.ts";

/** An entry of `app/routes.ts` as the config hands it over. */
export type ConfigEntry = {
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
};

const PAGE_PATHS = [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES].map((page) => page.path);

/** Every address of the table in both languages, with and without its trailing slash, and its near misses. */
export const SITE_ADDRESSES: readonly string[] = [
  ...PAGE_PATHS.flatMap((path) => {
    const english = path === "/" ? "/en" : `/en${path}`;
    return [
      path,
      `${path}/`,
      english,
      `${english}/`,
      `${path}/x`,
      path.toUpperCase(),
      english.toUpperCase(),
    ];
  }),
  ...RESOURCES.flatMap(({ path }) => [path, `${path}/`, `/en${path}`, `${path}/more`]),
  "/",
  "/en",
  "/en/",
  "/en/en/order",
  "/enx",
  "/enx/order",
  "//order",
  "/en//order",
  "/order//",
  "/%E8%AE%A2%E5%8D%95",
  "/order%2F",
  "/%6Frder",
  "/en%2Forder",
  "/order/%20",
  "/order/./",
  "/order/../server/",
  "/订单",
  "/no/such/page",
  "/error",
  "/register",
  "/server/salver/label/x",
];

const SEGMENTS = [
  ...new Set([...PAGE_PATHS, ...RESOURCES.map(({ path }) => path)].flatMap((p) => p.split("/"))),
].filter(Boolean);

const segment = fc.oneof(
  fc.constantFrom(...SEGMENTS, "en", "EN", "Order", "zh", "", "_"),
  fc.string({ maxLength: 6 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/),
  fc.constantFrom("%2F", "%20", "%6F", "%E8%AE%A2", "%", "..", "."),
);

/** An address made of the table's own segments, the language, plain words and escapes of any kind. */
export const generatedAddress = fc
  .tuple(fc.array(segment, { maxLength: 5 }), fc.boolean())
  .map(([parts, slash]) => `/${parts.join("/")}${slash ? "/" : ""}`);

/**
 * Called in a `describe` that matches generated addresses: React Router warns
 * of each malformed escape it cannot decode, and the generated ones hold many.
 */
export function quietMalformedEscapeWarnings(): void {
  const warn = vi.spyOn(console, "warn");
  beforeAll(() => warn.mockImplementation(() => undefined));
  afterAll(() => warn.mockRestore());
}
