import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ApiCode,
  brandSchema,
  buildPath,
  type CategoryNode,
  categoryNodeSchema,
  endpoints,
  outboxMailSchema,
} from "../../app/contract/index.ts";
import { handlers } from "../../mocks/api.ts";
import { contractBackend, GUEST } from "./helpers.ts";

const server = contractBackend({ reseed: "once" });
const { api } = server;

describe("brands and categories", () => {
  it("answers every brand and a category tree whose leaves carry known brands", async () => {
    const token = await api.login(GUEST);
    const brands = await api.ok("/cba/brand", { token }, z.array(brandSchema));
    expect(brands.length).toBeGreaterThanOrEqual(20);
    expect(new Set(brands.map((b) => b.brandCode)).size).toBe(brands.length);
    const tree = await api.ok("/cba/category", { token }, z.array(categoryNodeSchema));
    const codes = new Set(brands.map((b) => b.brandCode));
    let leaves = 0;
    let depth = 0;
    const walk = (nodes: CategoryNode[], level: number) => {
      depth = Math.max(depth, level);
      for (const node of nodes) {
        if (node.children) {
          expect(node.brand).toBeUndefined();
          for (const child of node.children)
            expect(child.itemCatCode.startsWith(node.itemCatCode)).toBe(true);
          walk(node.children, level + 1);
        } else {
          leaves += 1;
          expect(node.brand?.length).toBeGreaterThan(0);
          for (const brand of node.brand ?? []) expect(codes.has(brand.brandCode)).toBe(true);
        }
      }
    };
    walk(tree, 1);
    expect(tree.map((node) => node.name)).toContain("食品饮料");
    expect(leaves).toBeGreaterThan(10);
    expect(depth).toBe(3);
    expect((await api.call("/cba/brand")).code).toBe(ApiCode.noToken);
  });
});

describe("demo outbox", () => {
  it("lists mails newest first, all of them or those to one address", async () => {
    await api.call("/account/captcha/email", { query: { email: "a@example.com" } });
    await api.call("/account/captcha/email", { query: { email: "b@example.com" } });
    const all = z.array(outboxMailSchema).parse((await api.call("/demo/outbox")).data);
    expect(all.slice(0, 2).map((mail) => mail.to)).toEqual(["b@example.com", "a@example.com"]);
    const one = z
      .array(outboxMailSchema)
      .parse((await api.call("/demo/outbox", { query: { to: "A@Example.com" } })).data);
    expect(one.map((mail) => mail.to)).toEqual(["a@example.com"]);
  });
});

describe("coverage of the contract", () => {
  it("has a handler for every endpoint (and its /seller and /is variants)", async () => {
    const sample = (name: string) =>
      ({ id: "x", deviceNo: "x", orderNo: "x", list: "orders", name }) as Record<string, string>;
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const prefixes = ["", ...(endpoint.prefixed ? ["/seller", "/is"] : [])];
      for (const prefix of prefixes) {
        const response = await api.raw(`${prefix}${buildPath(endpoint.path, sample(name))}`, {
          method: endpoint.method,
          body: endpoint.method === "GET" ? undefined : {},
        });
        // A handler may answer 404 itself (an unknown image), but never with the unknown-path message.
        const text = await response.text();
        expect(text, `${endpoint.method} ${prefix}${endpoint.path}`).not.toContain(
          "您访问的页面不存在",
        );
      }
    }
    const registered = handlers.length;
    const expected = Object.values(endpoints).reduce((sum, e) => sum + (e.prefixed ? 3 : 1), 0);
    expect(registered).toBe(expected);
  });
});
