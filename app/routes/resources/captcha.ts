import { data } from "react-router";
import { z } from "zod";
import { env } from "~/config/env.server.ts";
import { sessionContext } from "~/middleware/session.server.ts";
import { drawCaptchaPng, issueCaptcha } from "~/utils/captcha.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import type { Route } from "./+types/captcha";

const purposeSchema = z.enum(["login", "register", "forgot"]);

/**
 * A new image verification code for one form; the session keeps its ticket.
 * `as=text` answers the same kind of code as JSON, spelled out for people who
 * cannot see the picture, with its picture (docs/decisions/2026-11-23-image-code-text-alternative.md).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const purpose = purposeSchema.safeParse(url.searchParams.get("purpose"));
  if (!purpose.success) throw data({ message: "unknown purpose" }, { status: 400 });

  const session = context.get(sessionContext);
  const { text, ticket } = issueCaptcha(env().sessionSecrets[0]!);
  session.set("captcha", { ...session.get("captcha"), [purpose.data]: ticket });

  if (url.searchParams.get("as") === "text") {
    const image = `data:image/png;base64,${drawCaptchaPng(text).toString("base64")}`;
    return Response.json(
      { spelled: [...text].join(" "), image },
      { headers: { "Cache-Control": "no-store", "Set-Cookie": await commitSession(session) } },
    );
  }

  return new Response(new Uint8Array(drawCaptchaPng(text)), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "no-store",
      "Set-Cookie": await commitSession(session),
    },
  });
}
