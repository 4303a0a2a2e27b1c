/**
 * The `url` the route tests' harness gives a middleware, loader or action
 * (`dataFunctionUrl`, ./harness.ts) is the one React Router's own request
 * handler gives for the same request: a page or a `.data` request, a read
 * or a post, React Router's `_routes` and `index` parameters, a query
 * written another way. Each request goes through `createRequestHandler`
 * with a build of three routes (root, `order`, its index) whose root
 * middleware notes the `url` it is given.
 */
import { createRequestHandler, type MiddlewareFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { serverBuild } from "../support/server-build.ts";
import { dataFunctionUrl, ORIGIN } from "./harness.ts";

const seen: string[] = [];
const noteUrl: MiddlewareFunction<Response> = ({ url }, next) => {
  seen.push(url.href);
  return next();
};
const drawn = () => null;
const loader = () => ({ read: true });
const action = () => ({ posted: true });

const build = serverBuild(
  [
    { id: "root", path: "", module: { default: drawn, middleware: [noteUrl], loader, action } },
    {
      id: "routes/order",
      parentId: "root",
      path: ":lang?/order",
      module: { default: drawn, loader, action },
    },
    {
      id: "routes/order-index",
      parentId: "routes/order",
      index: true,
      module: { default: drawn, loader, action },
    },
  ],
  { default: () => new Response("page", { headers: { "Content-Type": "text/html" } }) },
);

const handle = createRequestHandler(build, "production");

/** The `url` React Router's handler gives the root middleware for `request`. */
async function urlReactRouterGives(request: Request): Promise<string | undefined> {
  seen.length = 0;
  await handle(request);
  return seen[0];
}

const addresses = [
  "/order/",
  "/en/order/?b=2&a=1",
  "/order/_.data",
  "/_.data",
  "/order.data?q=x",
  "/order/_.data?_routes=root%2Croutes%2Forder&page=2",
  "/order/_.data?index",
  "/order.data?index=&q=x",
  "/order/_.data?index=kept&q=x",
  "/order/?index&page=3",
  "/order/_.data?q=a%20b&r=%2F&s=c+d",
  "/order/#fragment",
];

describe("the harness's `url`", () => {
  for (const method of ["GET", "POST"] as const) {
    for (const address of addresses) {
      it(`is React Router's for a ${method} of ${address}`, async () => {
        const make = () =>
          new Request(`${ORIGIN}${address}`, {
            method,
            ...(method === "POST"
              ? {
                  body: new URLSearchParams({ a: "1" }),
                  headers: { "Content-Type": "application/x-www-form-urlencoded" },
                }
              : {}),
          });
        const given = await urlReactRouterGives(make());
        expect(given).toBeDefined();
        expect(dataFunctionUrl(make()).href).toBe(given);
      });
    }
  }
});
