/**
 * The qualification form's save through its route module: a credit code
 * another company already holds is refused by the backend, and the form
 * shows why, in the page's language, with nothing submitted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as page from "~/routes/qualificat.tsx";
import { handleMockApiRequest } from "../../mocks/api.ts";
import { errorsOf, freshBackend, signedIn } from "./account-harness.ts";

const PASSWORD = "Demo1234!";
const ORIGIN = "http://127.0.0.1:3000/api/v1";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAOEAcGHCPagAAAAAElFTkSuQmCC",
  "base64",
);

beforeEach(freshBackend);

async function backend<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const answer = await handleMockApiRequest(new Request(`${ORIGIN}${path}`, { ...init, headers }));
  return ((await answer.json()) as { data: T }).data;
}

async function tokenOf(username: string): Promise<string> {
  const { token } = await backend<{ token: string }>("/account/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  return token;
}

describe("the qualification form and a credit code already held", () => {
  it("shows the backend's refusal in each language and submits nothing", async () => {
    const manager = await tokenOf("manager@demo.test");
    const held = (await backend<{ creditCode: string }>("/cba/cba-company", {}, manager))
      .creditCode;
    const guestToken = await tokenOf("guest@demo.test");
    const image = new FormData();
    image.set("image", new Blob([PNG]), "licence.png");
    const { image_url } = await backend<{ image_url: string }>(
      "/upload/image",
      { method: "POST", body: image },
      guestToken,
    );
    const form = {
      intent: "save",
      companyNameZh: "上海浦江跨境电子商务有限公司",
      companyNameEn: "Shanghai Pujiang Cross-border E-commerce Co., Ltd.",
      creditCode: held,
      customsCode: "3122960XYZ",
      legalRepresentative: "张伟",
      contactPerson: "李娜",
      contactPhone: "13812345678",
      contactEmail: "guest@demo.test",
      registeredAddress: "上海市浦东新区外高桥保税区富特北路 211 号",
      businessScope: "跨境电子商务；货物进出口。",
      businessLicenseImage: image_url,
      legalIdFrontImage: image_url,
      legalIdBackImage: image_url,
    };
    const browser = await signedIn("guest@demo.test");
    const zh = await browser.post(page, "/qualificat", form, { home: true });
    expect(zh.status).toBe(400);
    expect(errorsOf({ ...zh, data: (zh.data as { result: unknown }).result })[""]).toEqual([
      `统一社会信用代码 ${held} 已被另一家已通过或待审核的公司使用，请核对`,
    ]);
    const en = await browser.post(page, "/en/qualificat", form, { home: true });
    expect(errorsOf({ ...en, data: (en.data as { result: unknown }).result })[""]).toEqual([
      `The unified social credit code ${held} is already held by another company that is approved or awaiting review; please check it`,
    ]);
    expect(await backend("/cba/cba-company", {}, guestToken)).toBeNull();
  });
});

describe("the review queue", () => {
  it("is only the administrators': a manager's page has none, and a review posted by one is refused", async () => {
    const manager = await signedIn("manager@demo.test");
    const shown = await manager.get(page, "/qualificat", { home: true });
    expect(shown.status).toBe(200);
    expect((shown.data as { review?: unknown }).review ?? null).toBeNull();
    const refused = await manager.post(
      page,
      "/qualificat",
      { intent: "review", decision: "approve", id: "any" },
      { home: true },
    );
    expect(refused.status).toBe(403);
  });
});
