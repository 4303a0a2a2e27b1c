/**
 * Stock in/out by scan: one post per scanned number. The answer is a record
 * of what the scan did (orders moved, orders left as they were, or the
 * backend's refusal naming the number), which the page shows at once and,
 * with JavaScript, keeps in this shift's list.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { WarehousingResult } from "~/contract/index.ts";
import { apiContext } from "~/middleware/session.server.ts";
import type { ApiFailure } from "~/utils/api.server.ts";
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

export async function scanAction(context: Context, request: Request) {
  const formData = await request.formData();
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
  return data<ScanActionData>({ stage: "done", scan: scanRecord(input, result) });
}
