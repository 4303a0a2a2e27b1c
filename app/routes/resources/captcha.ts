import { data } from "react-router";
import { z } from "zod";
import { env } from "~/config/env.server.ts";
import { drawCaptchaPng, issueCaptcha } from "~/utils/captcha.server.ts";
import { sessionContext } from "~/utils/request-context.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import type { Route } from "./+types/captcha";

const purposeSchema = z.enum(["login", "register", "forgot"]);

/**
 * A new image verification code for one form; the session keeps its ticket.
 * The code exists only as a picture: a person who cannot read it signs in
 * with a code mailed to the account instead (the sign-in page's
 * `?code=email`), never with the code as text.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const purpose = purposeSchema.safeParse(url.searchParams.get("purpose"));
  if (!purpose.success) throw data({ message: "unknown purpose" }, { status: 400 });

  const session = context.get(sessionContext);
  const { text, ticket } = issueCaptcha(env().sessionSecrets[0]!);
  session.set("captcha", { ...session.get("captcha"), [purpose.data]: ticket });

  return new Response(new Uint8Array(drawCaptchaPng(text)), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "no-store",
      "Set-Cookie": await commitSession(session),
    },
  });
}
