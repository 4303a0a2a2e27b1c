/**
 * The workbench's loader below the browser: behind the portal's middleware
 * (./harness.ts), against the in-process fake backend of demo mode.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/workbench.tsx";
import { db } from "../../mocks/db.ts";
import { ADMIN, CHROME_UA, reset } from "../contract/helpers.ts";
import { ORIGIN, runRoute, sessionCookieOf } from "./harness.ts";

type Args = Parameters<typeof loader>[0];
type Data = Awaited<ReturnType<typeof loader>>;

async function workbench(cookie: string, path: string): Promise<Data> {
  const answer = await runRoute({
    request: new Request(`${ORIGIN}${path}`, {
      headers: { Cookie: cookie, "User-Agent": CHROME_UA },
    }),
    handler: (args: Args) => loader(args),
    home: true,
    pattern: "/workbench",
  });
  if (answer.thrown || answer.value instanceof Response) throw new Error("no workbench");
  return answer.value as Data;
}

beforeEach(async () => {
  await reset();
});

describe("the workbench's loader", () => {
  it("names a company without an English name by its Chinese name on an English page", async () => {
    const [company, named] = [...db.companies.values()].filter((row) => row.state === "approved");
    if (!company || !named) throw new Error("fewer than two approved companies");
    await db.companies.update(company.id, (draft) => {
      draft.companyNameEn = "";
    });
    const cookie = await sessionCookieOf(ADMIN);
    const names = async (path: string) =>
      new Map((await workbench(cookie, path)).companies.map((row) => [row.id, row.name]));

    const english = await names("/en/workbench");
    expect(english.get(company.id)).toBe(company.companyNameZh);
    expect(english.get(named.id)).toBe(named.companyNameEn);
    expect((await names("/workbench")).get(company.id)).toBe(company.companyNameZh);
  });
});
