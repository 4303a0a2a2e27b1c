/**
 * The hostile input the property tests draw from: text of every kind (unicode,
 * control characters, very long, numbers, markup), keys that reach an object's
 * prototype when handled carelessly, JSON of any shape, queries, forms with
 * repeated and missing fields, and files.
 */
import fc from "fast-check";

/**
 * How many cases a property tries. The cases are new on every run (fast-check
 * draws its seed), so the runs together try far more than one; a failure
 * prints its `seed` and `path`, and `FC_SEED=<seed> FC_PATH=<path>` replays
 * it exactly (`FC_SEED` alone replays the run from its start).
 */
export function runs(numRuns: number): { numRuns: number; seed?: number; path?: string } {
  const seed = process.env.FC_SEED;
  const path = process.env.FC_PATH;
  return {
    numRuns,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
  };
}

/** Keys that pollute a prototype when an object is built from them carelessly. */
export const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "__proto__[polluted]",
  "constructor[prototype][polluted]",
  "__proto__.polluted",
  "constructor.prototype.polluted",
] as const;
export const hostileKey = fc.constantFrom(...HOSTILE_KEYS);

/** Markup that must come back as text wherever it is echoed. */
export const MARKUP = '<script>alert("x")</script><img src=x onerror=alert(1)>';

/** The code points of the surrogate halves, which a string of whole code points never holds alone. */
const SURROGATES = { first: 0xd800, count: 0x800 } as const;

/**
 * One code point, a surrogate half excepted: fast-check's `unit: "binary"`
 * drawn the same way (the same index for the same seed, hence the same
 * strings), but recognised from the code point itself. fast-check's own
 * unit recognises one through a map of all 1,112,064, which it builds when
 * the first string of that unit is made (to inject "__proto__" and its
 * like): 0.8 s of CPU and 185 MB of memory in every process that imports
 * this module, and a map every garbage collection walks after.
 */
const anyCodePoint: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (value) => {
    const code = typeof value === "string" ? value.codePointAt(0) : undefined;
    if (
      code === undefined ||
      String.fromCodePoint(code) !== value ||
      (code >= SURROGATES.first && code < SURROGATES.first + SURROGATES.count)
    ) {
      throw new Error("not one code point");
    }
    return code < SURROGATES.first ? code : code - SURROGATES.count;
  },
);

/** Strings of any code points but lone surrogate halves, as `fc.string({ unit: "binary" })`. */
export function binaryString(constraints: { maxLength: number }): fc.Arbitrary<string> {
  return fc.string({ unit: anyCodePoint, ...constraints });
}

/** Control characters, a right-to-left override and a byte-order mark. */
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u202e",
  "\ufeff",
];

/** Text short enough for a URL (a query of very long text is refused by the HTTP parser, 431). */
export const shortText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  binaryString({ maxLength: 40 }),
  fc
    .array(fc.constantFrom(...CONTROL_CHARACTERS), { minLength: 1, maxLength: 8 })
    .map((characters) => characters.join("")),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "",
    " ",
    MARKUP,
    "=1+1",
    "=cmd|' /C calc'!A0",
    "@SUM(A1)",
    "0",
    "-1",
    "1e309",
    "NaN",
    "true",
    "null",
    "[]",
    "{}",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "ＳＦ１２３４５６７８９０",
    "测试单号",
    ...HOSTILE_KEYS,
  ),
);

/** Any text, very long among it. */
export const arbitraryText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shortText },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => "长".repeat(n)) },
);

/** JSON of any shape, with hostile keys among the ordinary ones. */
export const arbitraryJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 12 })), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 6,
  }),
  fc.record({
    username: arbitraryText,
    password: arbitraryText,
    ids: fc.array(fc.oneof(fc.integer(), arbitraryText), { maxLength: 5 }),
    page: fc.oneof(fc.integer(), arbitraryText),
    pageSize: fc.oneof(fc.integer(), arbitraryText),
  }),
);

/** Query pairs, keys repeated and hostile among them. */
export const arbitraryQuery: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.oneof(
      hostileKey,
      fc.constantFrom("page", "pageSize", "status", "orderNo", "sort", "q", "lang", "id"),
      fc.string({ maxLength: 12 }),
    ),
    shortText,
  ),
  { maxLength: 6 },
);

/** The bytes of a file. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Bytes of a file: nothing, noise, or the start of a real format with garbage after it. */
export const arbitraryFile: fc.Arbitrary<Bytes> = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => new Uint8Array(bytes)),
  fc
    .tuple(
      fc.constantFrom(
        [0x50, 0x4b, 0x03, 0x04],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [0xff, 0xd8, 0xff, 0xe0],
        [0x25, 0x50, 0x44, 0x46],
        [0x3c, 0x73, 0x76, 0x67],
      ),
      fc.uint8Array({ maxLength: 500 }),
    )
    .map(([magic, rest]) => new Uint8Array([...magic, ...rest])),
);

/**
 * Form fields as name/value pairs: the names an action expects (so values
 * reach its parsing), unknown and hostile names, repeats, files where text is
 * expected.
 */
export function formFields(names: readonly string[]): fc.Arbitrary<[string, string | Bytes][]> {
  return fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: hostileKey },
        { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
      ),
      fc.oneof(
        { weight: 6, arbitrary: arbitraryText as fc.Arbitrary<string | Bytes> },
        { weight: 1, arbitrary: arbitraryFile },
      ),
    ),
    { maxLength: 10 },
  );
}

export const arbitraryFormData = formFields([
  "file",
  "image",
  "username",
  "password",
  "code",
  "orderNo",
]);
