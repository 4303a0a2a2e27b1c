import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftKey, readDraft, removeDraft, writeDraft } from "~/utils/form-drafts.ts";

/** This tab's sessionStorage, as a browser keeps it. */
function storage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal("window", { sessionStorage: storage() }));
afterEach(() => vi.unstubAllGlobals());

describe("drafts of a dialog's text fields", () => {
  it("are kept by page and field, the same in either language", () => {
    expect(draftKey("/order/", "remarks", "reasonForDetention")).toBe(
      draftKey("/en/order", "remarks", "reasonForDetention"),
    );
    expect(draftKey("/order", "remarks", "reasonForDetention")).not.toBe(
      draftKey("/order", "detain", "reasonForDetention"),
    );
    expect(draftKey("/order", "remarks", "x")).not.toBe(draftKey("/inventory", "remarks", "x"));
  });

  it("are written, read back, and removed (an empty value removes too)", () => {
    const key = draftKey("/order", "remarks", "reasonForDetention");
    expect(readDraft(key)).toBe("");
    writeDraft(key, "Call before delivery");
    expect(readDraft(key)).toBe("Call before delivery");
    writeDraft(key, "");
    expect(window.sessionStorage.length).toBe(0);
    writeDraft(key, "again");
    removeDraft(key);
    expect(readDraft(key)).toBe("");
  });

  it("cost nothing when the storage refuses: the draft is simply not kept", () => {
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: () => {
          throw new Error("denied");
        },
        setItem: () => {
          throw new Error("full");
        },
        removeItem: () => {
          throw new Error("denied");
        },
      },
    });
    const key = draftKey("/order", "detain", "reasonForDetention");
    expect(() => writeDraft(key, "x")).not.toThrow();
    expect(readDraft(key)).toBe("");
  });
});
