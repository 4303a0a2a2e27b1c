/**
 * The portal as it is deployed: its backend in a process of its own
 * (`npm run mock-api`, the fake backend over HTTP, as compose.yaml runs
 * it) and the built portal pointing at it with `API_BASE_URL`. Demo mode's
 * conveniences are off there (no test image code), so it signs in the way
 * a person who cannot read the image code does: a code mailed to the
 * account, read from the fake backend's outbox.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { DEMO_MAILBOX_COOKIE } from "../app/contract/demo.ts";
import {
  BUILD_DIR,
  cookieJar,
  PASSWORD,
  type Portal,
  ROOT,
  startBackend,
  startNodeOptions,
  stopChild,
} from "./lib.ts";

export interface DeployedPortal extends Portal {
  /** The backend's `/api/v1` address. */
  api: string;
  /** Signs in as `username`; answers the Cookie header of the session. */
  login(username: string): Promise<string>;
}

/** Waits for `url` to answer 2xx, or fails naming `what`. */
async function answering(url: string, child: ChildProcess, what: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer in ${ms / 1000} s`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts the backend on a free port (it seeds before it listens) and the portal on `port`. */
export async function startDeployedPortal(
  orders: number,
  port: number,
  buildDir = BUILD_DIR,
): Promise<DeployedPortal> {
  const backend = await startBackend(orders);
  const { api } = backend;
  let portal: ChildProcess | undefined;
  try {
    const started = performance.now();
    portal = spawn(process.execPath, [...startNodeOptions(), "server.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        API_BASE_URL: api,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        // Plain HTTP on loopback, as compose.yaml on localhost.
        COOKIE_SECURE: "false",
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await answering(`${url}/healthz`, portal, "the portal", 60_000);
    const startMs = performance.now() - started;
    const running = portal;
    return {
      url,
      api,
      pid: running.pid ?? 0,
      startMs,
      readyMs: startMs,
      login: (username) => signInByMail(url, api, username),
      async stop() {
        await stopChild(running);
        await backend.stop();
      },
    };
  } catch (error) {
    if (portal) await stopChild(portal);
    await backend.stop();
    throw error;
  }
}

/**
 * The sign-in by a mailed code, as a browser does it: the portal mails a
 * code, the account's mailbox at the backend shows it, the second post
 * carries it with the password.
 */
async function signInByMail(url: string, api: string, username: string): Promise<string> {
  const mailbox = randomBytes(24).toString("hex");
  const mailCookie = `${DEMO_MAILBOX_COOKIE}=${mailbox}`;
  // Signing in at the backend with this mailbox files the account's mail there.
  const opened = await fetch(`${api}/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: mailCookie },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!opened.ok) throw new Error(`the mailbox of ${username} answered ${opened.status}`);
  await opened.arrayBuffer();

  const { remember, header } = cookieJar();
  const post = async (form: Record<string, string>) => {
    const answer = await fetch(`${url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
      body: new URLSearchParams(form),
    });
    remember(answer);
    await answer.arrayBuffer();
    return answer;
  };
  const first = await fetch(`${url}/`, { redirect: "manual" });
  remember(first);
  await first.arrayBuffer();
  const sent = await post({ intent: "send", username });
  if (sent.status >= 400) throw new Error(`asking a code for ${username} answered ${sent.status}`);

  const outbox = await fetch(`${api}/demo/outbox?to=${encodeURIComponent(username)}`, {
    headers: { cookie: mailCookie },
  });
  const { data } = (await outbox.json()) as { data: { text: string }[] };
  const emailCode = /\b(\d{6})\b/.exec(data[0]?.text ?? "")?.[1];
  if (!emailCode) throw new Error(`no code mailed to ${username}`);
  const signedIn = await post({ method: "email", username, password: PASSWORD, emailCode });
  if (signedIn.status !== 302 && signedIn.status !== 303) {
    throw new Error(`the sign-in of ${username} by mail answered ${signedIn.status}`);
  }
  return header();
}
