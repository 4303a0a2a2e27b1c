import { describe, expect, it } from "vitest";
import { qualificationSchema } from "~/validation/qualification.ts";

const issues = (input: Record<string, unknown>) =>
  (qualificationSchema.safeParse(input).error?.issues ?? []).map((issue) => [
    issue.path.join("."),
    issue.message,
  ]);

describe("qualificationSchema", () => {
  it("reports every image problem at once, whatever else is wrong", () => {
    const big = new File([new Uint8Array(3 * 1024 * 1024)], "scan.txt", { type: "text/plain" });
    const found = issues({ companyNameZh: "x", businessLicenseFile: big });
    expect(found).toContainEqual(["companyNameZh", "qualification.companyNameZhShort"]);
    expect(found).toContainEqual(["businessLicenseFile", "qualification.imageTooLarge"]);
    expect(found).toContainEqual(["businessLicenseFile", "qualification.imageType"]);
    expect(found).toContainEqual(["legalIdFrontFile", "qualification.imageRequired"]);
    expect(found).toContainEqual(["legalIdBackFile", "qualification.imageRequired"]);
  });

  it("accepts an image already on file instead of a new one", () => {
    const found = issues({ legalIdFrontImage: "/image/a.png", legalIdBackImage: "/image/b.png" });
    expect(found.filter(([path]) => path?.endsWith("File"))).toEqual([
      ["businessLicenseFile", "qualification.imageRequired"],
    ]);
  });
});
