/**
 * The fake backend's entry points.
 *
 * - `handlers`: msw request handlers for the whole /api/v1 contract (any origin).
 * - `handleMockApiRequest(request)`: answers a Fetch Request in-process (demo
 *   mode of the portal, the standalone server, tests); unknown paths answer
 *   HTTP 404 with an envelope. The data is seeded lazily, once, on first use.
 * - `resetMockDb(options?)`: drops everything and seeds again (tests).
 * - `mockClock`: the backend's clock, which tests can pin or advance.
 */
import { getResponse } from "msw";
import { ApiCode } from "../app/contract/envelope.ts";
import { clearAttempts } from "./attempts.ts";
import { faultOf } from "./faults.ts";
import { accountHandlers } from "./handlers/account.ts";
import { attemptHandlers } from "./handlers/attempts.ts";
import { catalogueHandlers } from "./handlers/catalogue.ts";
import { companyHandlers } from "./handlers/company.ts";
import { demoHandlers } from "./handlers/demo.ts";
import { fileHandlers } from "./handlers/files.ts";
import { logisticsHandlers } from "./handlers/logistics.ts";
import { noticeHandlers } from "./handlers/notice.ts";
import { uploadHandlers } from "./handlers/upload.ts";
import { langOf, t } from "./i18n.ts";
import { withMailbox } from "./mailbox.ts";
import { API_BASE, envelope, errorResponse } from "./route.ts";
import type { SeedOptions } from "./seed.ts";
import { ensureSeeded, reseed } from "./state.ts";

export { mockClock } from "./clock.ts";
export { DEMO_ACCOUNTS, DEMO_PASSWORD, SEED_BASE_TIME, type SeedOptions } from "./seed.ts";

export const handlers = [
  ...accountHandlers,
  ...attemptHandlers,
  ...logisticsHandlers,
  ...fileHandlers,
  ...companyHandlers,
  ...catalogueHandlers,
  ...uploadHandlers,
  ...noticeHandlers,
  ...demoHandlers,
];

/** Answers one request of the /api/v1 contract. */
export async function handleMockApiRequest(request: Request): Promise<Response> {
  const lang = langOf(request);
  try {
    await ensureSeeded();
    const url = new URL(request.url);
    // "/api/v1/cba/order/?x=1" is the same call as "/api/v1/cba/order?x=1".
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      url.pathname = url.pathname.replace(/\/+$/, "");
      request = new Request(url, request);
    }
    const routed = request;
    const fault = faultOf(request.method, url.pathname.slice(API_BASE.length));
    if (fault !== undefined && url.pathname.startsWith(API_BASE)) {
      const message = t(lang, "serverError");
      return envelope(fault, message, message);
    }
    return await withMailbox(routed, async () => {
      const response = await getResponse(handlers, routed);
      if (response) return response;
      const message = t(lang, "pathNotFound");
      return envelope(ApiCode.notFound, message, message, 404);
    });
  } catch (error) {
    return errorResponse(error, lang, false);
  }
}

/** Drops all data and seeds again (sizes from the options, else the env knobs). */
export async function resetMockDb(options?: SeedOptions): Promise<void> {
  clearAttempts();
  await reseed(options);
}
