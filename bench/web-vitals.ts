/**
 * Lab web vitals by Lighthouse, in Debian's headless Chromium, with its
 * desktop preset (simulated desktop network and CPU, cold cache): largest
 * contentful paint, cumulative layout shift, total blocking time and the
 * number of DOM elements of each page, the median of five runs, signed in
 * as an administrator. Lighthouse's own page weight and performance score
 * are printed beside them.
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { atMost, info, login, median, type Portal, type Row } from "./lib.ts";

const RUNS = 5;
const PAGES = ["/server/", "/order/"];

interface Sample {
  lcpMs: number;
  cls: number;
  tbtMs: number;
  elements: number;
  bytes: number;
  score: number;
}

async function audit(url: string, port: number, cookie: string): Promise<Sample> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: { Cookie: cookie },
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { audits, categories, finalDisplayedUrl, runtimeError } = result.lhr;
  // A redirect (to the login page, say) would measure another page.
  if (runtimeError || new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(
      `Lighthouse did not measure ${url}: ${runtimeError?.message ?? finalDisplayedUrl}`,
    );
  }
  const value = (id: string) => {
    const found = audits[id]?.numericValue;
    if (found === undefined) throw new Error(`Lighthouse gave no "${id}" for ${url}`);
    return found;
  };
  return {
    lcpMs: value("largest-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    tbtMs: value("total-blocking-time"),
    elements: value("dom-size-insight"),
    bytes: value("total-byte-weight"),
    score: categories.performance?.score ?? 0,
  };
}

/**
 * One Lighthouse run in a browser of its own (a new profile each launch).
 * Runs one after another in one browser did not stay apart: after five runs
 * of one page, the first of the next ended on another address or without a
 * navigation in its trace, although Lighthouse resets the page's storage
 * between runs. A cold start per run is also what "cold cache" means here.
 */
async function inFreshBrowser<T>(
  chromePath: string,
  run: (port: number) => Promise<T>,
): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  try {
    return await run(chrome.port);
  } finally {
    chrome.kill();
  }
}

export async function webVitals(portal: Portal): Promise<Row[]> {
  const cookie = await login(portal.url, "admin@demo.test");
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  // chrome-launcher reports a missing browser as an unhandled 'error' event,
  // which would end the whole suite instead of failing this stage.
  await access(chromePath, constants.X_OK).catch(() => {
    throw new Error(
      `no browser at ${chromePath} (CHROMIUM_PATH; npm test installs Debian's chromium)`,
    );
  });
  const rows: Row[] = [];
  for (const path of PAGES) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      samples.push(
        await inFreshBrowser(chromePath, (port) => audit(portal.url + path, port, cookie)),
      );
    }
    const middle = (pick: (sample: Sample) => number) => median(samples.map(pick));
    rows.push(
      atMost(
        `${path} LCP (Lighthouse desktop, median of ${RUNS})`,
        middle((s) => s.lcpMs) / 1000,
        "s",
        1,
      ),
      atMost(
        `${path} CLS`,
        middle((s) => s.cls),
        "",
        0.05,
      ),
      atMost(
        `${path} total blocking time`,
        middle((s) => s.tbtMs),
        "ms",
        100,
      ),
      atMost(
        `${path} DOM elements`,
        middle((s) => s.elements),
        "elements",
        1400,
      ),
      info(`${path} Lighthouse page weight`, middle((s) => s.bytes) / 1024, "KB"),
      info(`${path} Lighthouse performance score`, middle((s) => s.score) * 100, ""),
    );
  }
  return rows;
}
