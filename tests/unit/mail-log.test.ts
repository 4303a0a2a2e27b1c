import { describe, expect, it, vi } from "vitest";
import { db } from "../../mocks/db.ts";
import { codeMail, sendMail } from "../../mocks/mail.ts";

describe("mail of the fake backend", () => {
  it("keeps codes in the demo mailbox and out of the server log", async () => {
    vi.stubEnv("MOCK_API_QUIET", "0");
    const printed: string[] = [];
    const spies = (["info", "log", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(" "));
      }),
    );
    for (const [lang, scene, code] of [
      ["zh", "register", "918273"],
      ["en", "forgot", "564738"],
    ] as const) {
      const mail = codeMail(lang, scene, code);
      await sendMail("someone@demo.test", mail.subject, mail.text);
      const stored = [...db.outbox.values()].filter((row) => row.to === "someone@demo.test");
      expect(stored.some((row) => row.text.includes(code))).toBe(true);
      expect(printed.join("\n")).not.toContain(code);
    }
    // It still says that a mail went out.
    expect(printed.join("\n")).toContain("someone@demo.test");
    for (const spy of spies) spy.mockRestore();
  });
});
