/**
 * The layers of `app/`, checked on every module's imports (static, `export
 * from` and dynamic): helpers (`app/utils/`) sit below the middleware, the
 * pages and the components, so they never import from them; components are
 * browser code and never import server modules or the layers above them;
 * the contract is only the wire. And no module reaches itself again through
 * its imports (types aside: they leave nothing at run time).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

interface Import {
  /** The imported module, relative to the repository (`app/utils/x.ts`), or the package name. */
  target: string;
  /** `import type` / `export type`: gone once compiled. */
  typeOnly: boolean;
}

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : modules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function resolveSpecifier(from: string, specifier: string): string {
  let path: string;
  if (specifier.startsWith("~/")) path = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) path = resolve(dirname(from), specifier);
  else return specifier;
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts")]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return relative(ROOT, candidate);
  }
  return relative(ROOT, path);
}

function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  const found: Import[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    found.push({ target: resolveSpecifier(file, specifier), typeOnly: Boolean(match[2]) });
  }
  return found;
}

const GRAPH = new Map(modules(APP).map((file) => [relative(ROOT, file), importsOf(file)]));

/** The import cycles of `graph`, each as the path that closes it; imports of types do not count. */
function cyclesOf(graph: Map<string, Import[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const { target, typeOnly } of graph.get(file) ?? []) {
      if (typeOnly || !graph.has(target)) continue;
      if (state.get(target) === "open") {
        cycles.push([...path.slice(path.indexOf(target)), target].join(" → "));
      } else if (!state.has(target)) {
        visit(target);
      }
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Which layers a layer may not import from, and why. */
const FORBIDDEN: { from: string; to: RegExp; why: string }[] = [
  {
    from: "app/utils/",
    to: /^app\/(middleware|routes|components)\//,
    why: "helpers sit below the middleware, the pages and the components",
  },
  {
    from: "app/components/",
    to: /^app\/(middleware|routes)\/|\.server\.tsx?$/,
    why: "components are browser code below the pages",
  },
  {
    from: "app/middleware/",
    to: /^app\/(routes|components)\//,
    why: "the middleware runs before any page",
  },
  { from: "app/contract/", to: /^app\/(?!contract\/)/, why: "the contract is only the wire" },
];

describe("layers", () => {
  it("knows the modules it checks", () => {
    expect(GRAPH.get("app/middleware/root.server.ts")?.map((entry) => entry.target)).toContain(
      "app/middleware/session.server.ts",
    );
    expect(GRAPH.size).toBeGreaterThan(100);
  });

  it.each(FORBIDDEN)("nothing in $from imports what it must not ($why)", ({ from, to }) => {
    const broken = [...GRAPH]
      .filter(([file]) => file.startsWith(from))
      .flatMap(([file, imports]) =>
        imports.filter(({ target }) => to.test(target)).map(({ target }) => `${file} → ${target}`),
      );
    expect(broken).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(cyclesOf(GRAPH)).toEqual([]);
  });

  it("would see a cycle, types left aside", () => {
    const edge = (target: string, typeOnly = false) => ({ target, typeOnly });
    const graph = new Map([
      ["a.ts", [edge("b.ts")]],
      ["b.ts", [edge("c.ts"), edge("a.ts", true)]],
      ["c.ts", [edge("a.ts")]],
    ]);
    expect(cyclesOf(graph)).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
    graph.set("c.ts", [edge("a.ts", true)]);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
