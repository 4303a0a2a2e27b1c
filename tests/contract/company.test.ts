import { describe, expect, it } from "vitest";
import {
  ApiCode,
  companySchema,
  currentUserSchema,
  isValidCustomsCode,
  isValidUscc,
  noticeListDataSchema,
  pagedListOf,
  usccCheckCharacter,
} from "../../app/contract/index.ts";
import { ADMIN, contractBackend, GUEST, MANAGER, PNG } from "./helpers.ts";

const server = contractBackend();
const { api } = server;

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000");

async function uploadImage(
  token: string,
  bytes: Uint8Array | null,
  name = "licence.png",
  lang?: string,
) {
  const form = new FormData();
  if (bytes) form.set("image", new Blob([bytes as BlobPart]), name);
  return api.call<{ image_url: string; id: string }>("/upload/image", {
    method: "POST",
    token,
    body: form,
    lang,
  });
}

async function profile(token: string) {
  const image = (await uploadImage(token, PNG)).data.image_url;
  return {
    companyNameZh: "上海浦江跨境电子商务有限公司",
    companyNameEn: "Shanghai Pujiang Cross-border E-commerce Co., Ltd.",
    creditCode: "91310000132149237G",
    customsCode: "3122960XYZ",
    legalRepresentative: "张伟",
    contactPerson: "李娜",
    contactPhone: "13812345678",
    contactEmail: GUEST,
    registeredAddress: "上海市浦东新区外高桥保税区富特北路 211 号",
    businessScope: "跨境电子商务；货物进出口；化妆品、保健食品销售。",
    businessLicenseImage: image,
    legalIdFrontImage: image,
    legalIdBackImage: image,
  };
}

describe("identifiers", () => {
  it("validates unified social credit codes (GB 32100-2015 check character) and customs codes", () => {
    for (const code of [
      "914403001922038216",
      "91330100716105852F",
      "91310000132149237G",
      "91350100M000100Y43",
    ]) {
      expect(isValidUscc(code), code).toBe(true);
    }
    expect(isValidUscc("91310000132149237g")).toBe(true);
    expect(isValidUscc("91310000132149237H")).toBe(false);
    expect(isValidUscc("9131000013214923")).toBe(false);
    expect(isValidUscc("91310000132149237I")).toBe(false);
    expect(isValidUscc("91A10000132149237G")).toBe(false);
    expect(usccCheckCharacter("91440300192203821")).toBe("6");
    expect(isValidCustomsCode("3122960XYZ")).toBe(true);
    expect(isValidCustomsCode("31229")).toBe(false);
    expect(isValidCustomsCode("A122960XYZ")).toBe(false);
  });
});

describe("image upload", () => {
  it("accepts png, jpeg and gif by content, serves them back, refuses the rest", async () => {
    const token = await api.login(GUEST);
    for (const [bytes, type] of [
      [PNG, "image/png"],
      [JPEG, "image/jpeg"],
      [GIF, "image/gif"],
    ] as const) {
      const answer = await uploadImage(token, bytes, "whatever.bin");
      expect(answer.code).toBe(200);
      expect(answer.data.image_url).toBe(`/api/v1/upload/image/${answer.data.id}`);
      const served = await api.raw(`/upload/image/${answer.data.id}`, { token });
      expect(served.headers.get("content-type")).toBe(type);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
    const text = await uploadImage(
      token,
      new TextEncoder().encode("<svg></svg>"),
      "fake.png",
      "en",
    );
    expect(text).toMatchObject({
      code: ApiCode.invalidParameters,
      data: "Only png, jpeg or gif images",
    });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await uploadImage(token, big)).toMatchObject({
      code: 40001,
      data: "图片大小不能超过2MB",
    });
    expect((await uploadImage(token, null)).code).toBe(40001);
    expect((await api.raw("/upload/image/ffff", { token })).status).toBe(404);
    // A guest's ID card: its uploader and the reviewing platform see it, nobody else.
    const own = (await uploadImage(token, PNG)).data.id;
    const manager = await api.login(MANAGER);
    const admin = await api.login(ADMIN);
    expect((await api.raw(`/upload/image/${own}`, { token: manager })).status).toBe(404);
    expect((await api.raw(`/upload/image/${own}`, { token: admin })).status).toBe(200);
    expect((await api.raw(`/upload/image/${own}`)).status).toBe(400);
    const anonymous = await api.call("/upload/image", { method: "POST", body: new FormData() });
    expect(anonymous.code).toBe(ApiCode.noToken);
  });
});

describe("seeded qualifications", () => {
  it("carry readable sample pictures of the licence and both sides of the ID card", async () => {
    const admin = await api.login(ADMIN);
    const queue = await api.ok(
      "/cba/cba-company/review",
      { token: admin },
      pagedListOf(companySchema),
    );
    const seeded = queue.list[0];
    if (!seeded) throw new Error("no seeded qualification waits for review");
    for (const image of [
      seeded.businessLicenseImage,
      seeded.legalIdFrontImage,
      seeded.legalIdBackImage,
    ]) {
      const id = image.split("/").at(-1);
      const response = await api.raw(`/upload/image/${id}`, { token: admin });
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      // A picture a reviewer can read, not a single pixel.
      expect(bytes.byteLength).toBeGreaterThan(10_000);
    }
  });
});

describe("qualification", () => {
  it("runs submit → review → reject (mail, notice) → resubmit → approve (grants CBA_MANAGER)", async () => {
    const guest = await api.login(GUEST);
    expect(await api.call("/cba/cba-company", { token: guest })).toMatchObject({
      code: 200,
      data: null,
    });
    expect((await api.call("/cba/service", { token: guest })).code).toBe(ApiCode.forbidden);
    const body = await profile(guest);

    expect((await api.call("/cba/cba-company", { method: "PUT", token: guest, body })).code).toBe(
      ApiCode.notFound,
    );
    const bad = await api.call("/cba/cba-company", {
      method: "POST",
      token: guest,
      body: { ...body, creditCode: "91310000132149237H" },
    });
    expect(bad.code).toBe(40001);
    expect(bad.data).toMatch(/^creditCode: /);
    const badCustoms = await api.call("/cba/cba-company", {
      method: "POST",
      token: guest,
      body: { ...body, customsCode: "123" },
    });
    expect(badCustoms.code).toBe(40001);
    const foreignImage = await api.call("/cba/cba-company", {
      method: "POST",
      token: guest,
      body: { ...body, legalIdBackImage: "https://elsewhere.example/x.png" },
    });
    expect(foreignImage).toMatchObject({ code: 40001, data: "图片未上传：legalIdBackImage" });

    const created = await api.call("/cba/cba-company", {
      method: "POST",
      token: guest,
      body: { ...body, creditCode: "91310000132149237g" },
    });
    expect(created.code).toBe(200);
    const company = companySchema.parse(created.data);
    expect(company).toMatchObject({
      state: "pending",
      username: GUEST,
      creditCode: "91310000132149237G",
      rejectReason: null,
    });
    expect((await api.call("/cba/cba-company", { method: "POST", token: guest, body })).code).toBe(
      ApiCode.wrongStatus,
    );
    const edited = await api.call("/cba/cba-company", {
      method: "PUT",
      token: guest,
      body: { ...body, contactPerson: "王芳" },
    });
    expect(edited).toMatchObject({ code: 200, data: { state: "pending", contactPerson: "王芳" } });

    const admin = await api.login(ADMIN);
    const queue = await api.ok(
      "/cba/cba-company/review",
      { token: admin },
      pagedListOf(companySchema),
    );
    expect(queue.list.map((c) => c.state)).toEqual(["reviewing", "pending", "pending"]);
    expect(queue.list.at(-1)?.id).toBe(company.id);
    const adminNotices = await api.ok("/notice", { token: admin }, noticeListDataSchema);
    expect(adminNotices.list[0]?.title).toBe("有新的资质申请待审核");

    const review = (payload: object) =>
      api.call("/cba/cba-company/review", { method: "PUT", token: admin, body: payload });
    expect((await review({ id: company.id })).data).toMatchObject({ state: "reviewing" });
    expect((await review({ id: company.id })).code).toBe(ApiCode.wrongStatus);
    expect((await api.call("/cba/cba-company", { method: "PUT", token: guest, body })).code).toBe(
      40009,
    );
    expect((await review({ id: company.id, approved: false })).code).toBe(40001);
    expect((await review({ id: company.id, approved: false, reason: "  " })).code).toBe(40001);
    const rejected = await review({ id: company.id, approved: false, reason: "营业执照不清晰" });
    expect(rejected.data).toMatchObject({ state: "rejected", rejectReason: "营业执照不清晰" });
    const rejectionMail = await api.lastMail(GUEST);
    expect(rejectionMail.text).toContain("营业执照不清晰");
    // In the applicant's language only (Chinese until the account uses another).
    expect(rejectionMail.subject).not.toContain("Qualification");
    const notices = await api.ok("/notice", { token: guest }, noticeListDataSchema);
    expect(notices.list[0]).toMatchObject({
      kind: "qualification",
      title: "审核驳回",
      read: false,
    });
    expect((await review({ id: company.id, approved: true })).code).toBe(40009);

    const resubmitted = await api.call("/cba/cba-company", { method: "PUT", token: guest, body });
    expect(resubmitted.data).toMatchObject({ state: "pending", rejectReason: null });
    // No result before the review has started: pending → reviewing → a result.
    expect((await review({ id: company.id, approved: true })).code).toBe(ApiCode.wrongStatus);
    expect((await review({ id: company.id, approved: false, reason: "x" })).code).toBe(
      ApiCode.wrongStatus,
    );
    expect((await review({ id: company.id })).data).toMatchObject({ state: "reviewing" });
    // The applicant now uses the portal in English: the result comes in English.
    await api.call("/account/account-info", { token: guest, lang: "en" });
    const approved = await review({ id: company.id, approved: true });
    expect(approved.data).toMatchObject({ state: "approved" });
    const approvalMail = await api.lastMail(GUEST);
    expect(approvalMail.subject).toContain("Qualification approved");
    expect(`${approvalMail.subject}${approvalMail.text}`).not.toMatch(/[\u4e00-\u9fff]/);
    const me = currentUserSchema.parse(
      (await api.call("/account/account-info", { token: guest })).data,
    );
    expect(me.scope).toEqual(["CBA_MANAGER"]);
    expect((await api.call("/cba/service", { token: guest })).code).toBe(200);
    expect((await api.call("/cba/cba-company", { method: "PUT", token: guest, body })).code).toBe(
      40009,
    );
    expect((await review({ id: company.id, approved: false, reason: "x" })).code).toBe(40009);
    expect((await review({ id: "nope", approved: true })).code).toBe(ApiCode.notFound);

    const done = await api.ok(
      "/cba/cba-company/review",
      { token: admin, query: { state: "approved" } },
      pagedListOf(companySchema),
    );
    expect(done.list.map((c) => c.username)).toContain(GUEST);
  });

  it("review queue and review are for SYSTEM_ADMINISTRATOR only (40003)", async () => {
    const manager = await api.login(MANAGER);
    expect((await api.call("/cba/cba-company/review", { token: manager })).code).toBe(
      ApiCode.forbidden,
    );
    expect(
      (
        await api.call("/cba/cba-company/review", {
          method: "PUT",
          token: manager,
          body: { id: "c0002", approved: true },
        })
      ).code,
    ).toBe(40003);
  });

  it("shows the company to its sub-accounts but lets only the main account change it", async () => {
    const manager = await api.login(MANAGER);
    const own = companySchema.parse((await api.call("/cba/cba-company", { token: manager })).data);
    expect(own.state).toBe("approved");
    expect(isValidUscc(own.creditCode)).toBe(true);
    const ops = await api.login("ops@demo.test");
    expect((await api.call("/cba/cba-company", { token: ops })).data).toMatchObject({ id: own.id });
    const body = await profile(ops);
    expect((await api.call("/cba/cba-company", { method: "PUT", token: ops, body })).code).toBe(
      ApiCode.forbidden,
    );
  });
});

describe("one credit code, one company", () => {
  async function creditCodeOf(username: string): Promise<string> {
    const token = await api.login(username);
    return companySchema.parse((await api.call("/cba/cba-company", { token })).data).creditCode;
  }

  it("refuses a code held by an approved, pending or reviewing company, in both languages", async () => {
    const guest = await api.login(GUEST);
    const body = await profile(guest);
    for (const holder of [MANAGER, "hangzhou.trade@demo.test", "ningbo.supply@demo.test"]) {
      const creditCode = await creditCodeOf(holder);
      const refused = await api.call("/cba/cba-company", {
        method: "POST",
        token: guest,
        // Lower case is the same code.
        body: { ...body, creditCode: creditCode.toLowerCase() },
      });
      expect(refused).toMatchObject({
        code: ApiCode.invalidParameters,
        data: `统一社会信用代码 ${creditCode} 已被另一家已通过或待审核的公司使用，请核对`,
      });
    }
    const manager = await creditCodeOf(MANAGER);
    const english = await api.call("/cba/cba-company", {
      method: "POST",
      token: guest,
      lang: "en",
      body: { ...body, creditCode: manager },
    });
    expect(english.data).toBe(
      `The unified social credit code ${manager} is already held by another company that is approved or awaiting review; please check it`,
    );
    // Nothing was created.
    expect((await api.call("/cba/cba-company", { token: guest })).data).toBeNull();
  });

  it("lets a rejected submission's code be used again, and refuses a taken one on edit", async () => {
    const rejected = await creditCodeOf("xiamen.goods@demo.test");
    const pending = await creditCodeOf("hangzhou.trade@demo.test");
    const guest = await api.login(GUEST);
    const body = await profile(guest);
    const created = await api.call("/cba/cba-company", {
      method: "POST",
      token: guest,
      body: { ...body, creditCode: rejected },
    });
    expect(created).toMatchObject({ code: 200, data: { creditCode: rejected, state: "pending" } });
    // Editing one's own pending submission keeps its code.
    const kept = await api.call("/cba/cba-company", {
      method: "PUT",
      token: guest,
      body: { ...body, creditCode: rejected, contactPerson: "王芳" },
    });
    expect(kept.code).toBe(200);
    // The rejected applicant, editing to resubmit, may not take a code now held.
    const xiamen = await api.login("xiamen.goods@demo.test");
    const xiamenBody = await profile(xiamen);
    for (const taken of [rejected, pending]) {
      const refused = await api.call("/cba/cba-company", {
        method: "PUT",
        token: xiamen,
        body: { ...xiamenBody, creditCode: taken },
      });
      expect(refused.code).toBe(ApiCode.invalidParameters);
    }
    const still = companySchema.parse((await api.call("/cba/cba-company", { token: xiamen })).data);
    expect(still.state).toBe("rejected");
  });
});

describe("notifications", () => {
  it("lists the user's notices in their language with the unread count and marks them read", async () => {
    const token = await api.login(MANAGER);
    const zh = await api.ok("/notice", { token }, noticeListDataSchema);
    expect(zh.pagination.total).toBe(3);
    expect(zh.unread).toBe(1);
    const en = await api.ok("/notice", { token, lang: "en" }, noticeListDataSchema);
    expect(en.list.map((n) => n.title)).toContain("Orders detained by customs");
    const unreadOnly = await api.ok(
      "/notice",
      { token, query: { unreadOnly: "true" } },
      noticeListDataSchema,
    );
    expect(unreadOnly.list).toHaveLength(1);
    const id = unreadOnly.list[0]?.id ?? "";
    expect(
      await api.call("/notice/read", { method: "PUT", token, body: { ids: [id] } }),
    ).toMatchObject({
      code: 200,
      data: { unread: 0 },
    });
    const guest = await api.login(GUEST);
    expect((await api.ok("/notice", { token: guest }, noticeListDataSchema)).unread).toBe(1);
    await api.call("/notice/read", { method: "PUT", token: guest, body: { ids: [id] } });
    expect((await api.ok("/notice", { token: guest }, noticeListDataSchema)).unread).toBe(1);
    expect(
      await api.call("/notice/read", { method: "PUT", token: guest, body: { ids: [] } }),
    ).toMatchObject({
      data: { unread: 0 },
    });
    expect((await api.call("/notice")).code).toBe(ApiCode.noToken);
  });
});
