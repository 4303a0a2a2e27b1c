/**
 * Run by tests/unit/mock-envelope-garbage.test.ts in a process of its own
 * (`node --expose-gc`): makes envelopes as the standalone server has them
 * made (text only, the order list's bytes kept), drops them, and prints how
 * many bytes of the young generation a young collection (scavenge) then
 * still holds.
 */
import { getHeapSpaceStatistics } from "node:v8";
import { envelopeOfDataText, makeEnvelopesAsText } from "../../mocks/route.ts";

const gc = (globalThis as { gc?: (options?: { type: "minor" | "major" }) => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

function youngUsed(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === "new_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

makeEnvelopesAsText();
const row = JSON.stringify({ orderNo: "DD1", consignee: "张三", remark: "x".repeat(1000) });
const piece = Buffer.from(row);
// Settled first: what the modules left.
gc({ type: "major" });
gc({ type: "minor" });
const before = youngUsed();
for (let i = 0; i < 1000; i++) {
  // A list of ten rows, about 10 KB, its text made anew as a list's is.
  const text = `[${Array.from({ length: 10 }, () => row).join(",")}]`;
  envelopeOfDataText(200, text, "ok", [piece]);
}
gc({ type: "minor" });
console.info(JSON.stringify({ kept: youngUsed() - before }));
