/**
 * Draws the demo's sample licence and identity-card images and writes them
 * as `mocks/seed-images.ts` (base64 JPEG), which the seed gives every seeded
 * qualification. Run by hand when the pictures should change:
 *
 *     npx node scripts/seed-images.ts
 *
 * Needs Debian's Chromium and the CJK fonts (as the end-to-end tests do).
 * Every picture says it is a sample: no real company or person is shown.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; }
  body { font-family: "Noto Serif CJK SC", "Noto Sans CJK SC", serif; color: #222; }
  .sample { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
    transform: rotate(-18deg); font: 700 64px "Noto Sans CJK SC", sans-serif; color: rgba(200, 30, 30, .18);
    letter-spacing: 8px; pointer-events: none; }
`;

const LICENCE = `
<div style="position:relative;width:900px;height:630px;padding:22px;background:#fbf7ee">
  <div style="border:6px double #b3261e;height:100%;padding:26px 40px;position:relative">
    <div style="text-align:center;font-size:44px;letter-spacing:18px;color:#b3261e;font-weight:700">营 业 执 照</div>
    <div style="text-align:center;font-size:15px;color:#555;margin-top:4px">（副 本）</div>
    <table style="margin-top:22px;font-size:19px;line-height:1.9;border-collapse:collapse">
      <tr><td style="width:190px;color:#555">统一社会信用代码</td><td>91 0000 SAMPLE 0000 0X（样本）</td></tr>
      <tr><td style="color:#555">名　　称</td><td>示例跨境供应链管理有限公司</td></tr>
      <tr><td style="color:#555">类　　型</td><td>有限责任公司（自然人投资或控股）</td></tr>
      <tr><td style="color:#555">法定代表人</td><td>示　例</td></tr>
      <tr><td style="color:#555">经营范围</td><td>供应链管理；国际货运代理；跨境电子商务；货物及技术进出口。</td></tr>
      <tr><td style="color:#555">注册资本</td><td>人民币壹仟万元整</td></tr>
      <tr><td style="color:#555">成立日期</td><td>2019 年 06 月 18 日</td></tr>
      <tr><td style="color:#555">住　　所</td><td>某省某市某区保税港区示例路 1 号</td></tr>
    </table>
    <div style="position:absolute;right:60px;bottom:40px;text-align:center;font-size:17px;color:#444">
      <div style="width:130px;height:130px;border:4px solid rgba(179,38,30,.8);border-radius:50%;margin:0 auto 8px;
        display:flex;align-items:center;justify-content:center;color:rgba(179,38,30,.85);font-size:18px;font-weight:700">登记机关<br/>（样本）</div>
      2026 年 11 月 01 日
    </div>
  </div>
  <div class="sample">样本 SAMPLE · 仅供演示</div>
</div>`;

const ID_FRONT = `
<div style="position:relative;width:640px;height:404px;border-radius:22px;overflow:hidden;
  background:linear-gradient(135deg,#e8f1f8,#f7f2e6);padding:34px 36px;font-family:'Noto Sans CJK SC',sans-serif">
  <table style="font-size:19px;line-height:2.1">
    <tr><td style="color:#3b6ea5;width:90px">姓　名</td><td style="font-size:22px">示　例</td></tr>
    <tr><td style="color:#3b6ea5">性　别</td><td>男　　<span style="color:#3b6ea5">民族</span>　汉</td></tr>
    <tr><td style="color:#3b6ea5">出　生</td><td>1985 年 1 月 1 日</td></tr>
    <tr><td style="color:#3b6ea5">住　址</td><td>某省某市某区示例路 1 号</td></tr>
  </table>
  <div style="position:absolute;right:36px;top:40px;width:150px;height:190px;background:#d9dee4;border-radius:6px;
    display:flex;align-items:center;justify-content:center;color:#6b7280;font-size:18px">照片</div>
  <div style="position:absolute;left:36px;bottom:34px;font-size:19px">
    <span style="color:#3b6ea5">公民身份号码</span>　<span style="letter-spacing:3px">000000 19850101 000X</span>
  </div>
  <div class="sample" style="font-size:52px">样本 SAMPLE</div>
</div>`;

const ID_BACK = `
<div style="position:relative;width:640px;height:404px;border-radius:22px;overflow:hidden;
  background:linear-gradient(135deg,#f7f2e6,#e8f1f8);padding:40px;font-family:'Noto Sans CJK SC',sans-serif;text-align:center">
  <div style="width:86px;height:86px;border-radius:50%;border:4px solid #b3261e;margin:0 auto;color:#b3261e;
    display:flex;align-items:center;justify-content:center;font-size:30px">★</div>
  <div style="font-size:30px;letter-spacing:6px;margin-top:14px">中华人民共和国</div>
  <div style="font-size:38px;letter-spacing:12px;font-weight:700;margin-top:4px">居民身份证</div>
  <table style="margin:30px auto 0;font-size:18px;line-height:2;text-align:left">
    <tr><td style="color:#3b6ea5;width:100px">签发机关</td><td>某市公安局某分局（样本）</td></tr>
    <tr><td style="color:#3b6ea5">有效期限</td><td>2020.01.01 - 2040.01.01</td></tr>
  </table>
  <div class="sample" style="font-size:52px">样本 SAMPLE</div>
</div>`;

const PICTURES = {
  businessLicense: { html: LICENCE, width: 900, height: 630 },
  idFront: { html: ID_FRONT, width: 640, height: 404 },
  idBack: { html: ID_BACK, width: 640, height: 404 },
} as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const lines: string[] = [];
for (const [name, picture] of Object.entries(PICTURES)) {
  const page = await browser.newPage({
    viewport: { width: picture.width, height: picture.height },
  });
  await page.setContent(`<style>${BASE_CSS}</style>${picture.html}`);
  const jpeg = await page.screenshot({ type: "jpeg", quality: 62 });
  lines.push(`  ${name}: "${jpeg.toString("base64")}",`);
  console.info(`${name}: ${jpeg.byteLength} bytes`);
  await page.close();
}
await browser.close();

writeFileSync(
  new URL("../mocks/seed-images.ts", import.meta.url),
  `/**
 * The demo's sample licence and identity-card pictures (JPEG, base64), each
 * marked as a sample: what a reviewer sees on a seeded qualification.
 * Written by \`scripts/seed-images.ts\`; do not edit by hand.
 */
export const SEED_IMAGES_BASE64 = {
${lines.join("\n")}
} as const;
`,
);
