/**
 * Stock in/out by scan: one post per scanned number. Its result is a record
 * of what the scan did (orders moved, orders left as they were, or the
 * backend's refusal naming the number), kept for the page the post
 * redirects to, which shows it and, with JavaScript, keeps it in this
 * shift's list.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { WarehousingResult } from "~/contract/index.ts";
import type { ApiFailure } from "~/utils/api.server.ts";
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import { apiContext, postedForm } from "~/utils/request-context.server.ts";
import { applyOnce, newSubmissionKey } from "~/utils/submission-key.server.ts";
import { type ScanInput, scanSchema } from "~/validation/inventory.ts";
import type { ScanActionData, ScanRecord } from "./scan-record.ts";

export type { ScanActionData, ScanRecord };

type Context = Readonly<RouterContextProvider>;

export function scanRecord(
  input: ScanInput,
  result: { ok: true; data: WarehousingResult } | ApiFailure,
  now: number = Date.now(),
): ScanRecord {
  const base = {
    id: crypto.randomUUID(),
    at: Math.floor(now / 1000),
    direction: input.direction,
  };
  if (!result.ok) {
    return {
      ...base,
      number: input.salverNoOrOrderNo,
      target: null,
      ok: false,
      changed: [],
      unchanged: [],
      message: result.message,
    };
  }
  const { target, salverNo, changed, unchanged } = result.data;
  return {
    ...base,
    number: target === "salver" ? salverNo : (changed[0]?.orderNo ?? input.salverNoOrOrderNo),
    target,
    ok: true,
    changed: changed.map((change) => change.orderNo),
    unchanged,
    message: null,
  };
}

/** The kind of the scans' records in the shared store. */
const SCAN_RESULT = "scan";

/** The scan the address shows (the last one posted), and the key of the next. */
export async function scanLoader(context: Context, url: URL) {
  const scan = await readResult<ScanRecord>(context, SCAN_RESULT, url);
  return { scan: scan?.value ?? null, submissionKey: newSubmissionKey() };
}

/**
 * One scan, carried out once per submission key (a scanner's double read
 * of one form, a reload): its record is kept and the page redirected to it.
 */
export async function scanAction(context: Context, url: URL) {
  const formData = postedForm(context);
  return applyOnce(context, formData, async () => {
    const submission = parseWithZod(formData, { schema: scanSchema });
    if (submission.status !== "success") {
      const direction = formData.get("direction");
      return data<ScanActionData>(
        {
          stage: "invalid",
          direction: direction === "in" || direction === "out" ? direction : null,
          reply: submission.reply() as SubmissionResult<string[]>,
        },
        { status: 400 },
      );
    }
    const input = submission.value;
    // An unknown number (40004) comes back as a refusal like any other, named in the list.
    const result = await context.get(apiContext).attempt("salverWarehousing", { body: input });
    return doneWith(context, SCAN_RESULT, url, scanRecord(input, result));
  });
}
