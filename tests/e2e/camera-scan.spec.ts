/**
 * Scanning with a camera: a printed label shown to Chromium's fake camera
 * (a video file played as the camera) is read and submitted as a hand
 * scanner's number is, and the pallet moves.
 */
import { writeFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { PNG } from "pngjs";
import zhI from "../../app/locales/zh/inventory.ts";
import { CHROMIUM_PATH } from "../../playwright.config.ts";
import { ACCOUNTS, expect, hydrated, PASSWORD, signIn, test, WORLD_HEADER } from "./fixtures.ts";

/**
 * A video of the picture for the fake camera: the picture as it is, on a
 * white margin, in a Y4M file (4:2:0, grey; even sizes).
 */
function y4mOf(png: Buffer, margin = 24): Buffer {
  const image = PNG.sync.read(png);
  const width = (image.width + 2 * margin + 1) & ~1;
  const height = (image.height + 2 * margin + 1) & ~1;
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * 4;
      const grey =
        0.299 * image.data[at]! + 0.587 * image.data[at + 1]! + 0.114 * image.data[at + 2]!;
      luma[(margin + y) * width + margin + x] = Math.round(16 + (grey * 219) / 255);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  return Buffer.concat([header, frame, frame]);
}

/** A pallet of the demo manager with orders still to stock in. */
async function palletToStockIn(api: APIRequestContext) {
  const signIn = await api.post("/api/v1/account/login", {
    data: { username: ACCOUNTS.manager, password: PASSWORD },
  });
  const token = (await signIn.json()).data.token as string;
  const answer = await api.get("/api/v1/cba/order?cbaStatus=1&pageSize=1", {
    headers: { authorization: `Bearer ${token}` },
  });
  const [order] = (await answer.json()).data.list as { serviceNo: string; salverNo: string }[];
  expect(order).toBeDefined();
  return order!;
}

test("a label shown to the camera moves its pallet, as a hand scanner's number does", async ({
  page,
  newRequest,
  playwright,
  world,
  baseURL,
}, testInfo) => {
  const { serviceNo, salverNo } = await palletToStockIn(await newRequest());
  await signIn(page, ACCOUNTS.manager);
  await page.goto(`/server/salver/label/?serviceNo=${serviceNo}&salverNo=${salverNo}`);
  await page.emulateMedia({ media: "print" });
  // The label's top, its barcode and number, as a camera held to it sees it.
  const label = page.getByTestId("pallet-label");
  const top = await label.boundingBox();
  const number = await label.getByTestId("label-number").boundingBox();
  const picture = await page.screenshot({
    clip: {
      x: top!.x,
      y: top!.y,
      width: top!.width,
      height: number!.y + number!.height - top!.y + 12,
    },
  });
  const video = testInfo.outputPath("label.y4m");
  writeFileSync(video, y4mOf(picture));

  // A second browser whose camera films the label.
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      locale: "zh-CN",
      permissions: ["camera"],
      extraHTTPHeaders: { [WORLD_HEADER]: world },
    });
    const tablet = await context.newPage();
    await signIn(tablet, ACCOUNTS.manager);
    await tablet.goto("/inventory_system/inventory");
    await hydrated(tablet);
    const decoders: string[] = [];
    tablet.on("request", (request) => {
      if (request.resourceType() === "script") decoders.push(request.url());
    });
    await tablet.getByTestId("camera-scan").click();
    await expect(tablet.getByTestId("camera-scan")).toHaveText(zhI.scan.camera.stop);
    const result = tablet.getByTestId("scan-result");
    await expect(result).toHaveAttribute("data-ok", "true", { timeout: 20_000 });
    await expect(result).toContainText(salverNo);
    // The reading code came when the camera was turned on, not with the page.
    expect(decoders.filter((url) => /\/camera-decoder-[^/]*\.js$/.test(url))).toHaveLength(1);
    await expect(tablet.getByTestId("shift-row").first()).toHaveAttribute("data-number", salverNo);
    await tablet.getByTestId("camera-scan").click();
    await expect(tablet.getByTestId("camera-panel")).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
