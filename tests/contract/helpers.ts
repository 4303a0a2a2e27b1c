/**
 * Contract tests talk to the fake backend over real HTTP: a node:http server
 * on an ephemeral port serving `handleMockApiRequest`, and fetch against it.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { z } from "zod";
import { handleMockApiRequest, mockClock, resetMockDb, type SeedOptions } from "../../mocks/api.ts";
import { db } from "../../mocks/db.ts";
import { answerThroughFetch } from "../../mocks/unread-body.ts";

process.env.MOCK_API_QUIET = "1";

/** Small data set: the whole contract suite stays fast. */
export const SMALL_SEED: SeedOptions = { services: 4, pallets: 12, orders: 240 };
export const PASSWORD = "Demo1234!";
export const CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

interface TestServer {
  base: string;
  close(): Promise<void>;
}

async function startServer(): Promise<TestServer> {
  // A request with no body by its headers comes already ended, as the standalone server's do.
  const server: Server = createServer({ optimizeEmptyRequests: true }, (req, res) => {
    answerThroughFetch(req, res, (request) => handleMockApiRequest(request)).catch(() =>
      res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export async function reset(options: SeedOptions = SMALL_SEED): Promise<void> {
  mockClock.reset();
  await resetMockDb(options);
}

interface BackendOptions {
  /**
   * When the data is seeded afresh: before each test (the default), once
   * before the file's first test, or never by the fixture (the file's tests
   * call `reset` with a seed of their own).
   */
  reseed?: "each" | "once" | "never";
  /** The seed's size. */
  seed?: SeedOptions;
  /** The backend clock (Unix ms) after each seeding, for tests of dated data. */
  clockAt?: number;
}

interface Backend extends TestServer {
  /** A client of the backend (one demo mailbox). */
  api: ReturnType<typeof client>;
}

/**
 * The setup of a contract test file, in one place: starts the fake backend
 * over HTTP before the file's tests and closes it after them, seeds it afresh
 * before each test (or as `reseed` says). Call it at the top of the file: it
 * registers the file's hooks, which run before the file's own (a `beforeEach`
 * that signs in finds the fresh seed). The address is known once the server
 * has started, which is before any test runs.
 */
export function contractBackend(options: BackendOptions = {}): Backend {
  const { reseed = "each", seed = SMALL_SEED, clockAt } = options;
  let server: TestServer | undefined;
  const prepare = async () => {
    await reset(seed);
    if (clockAt !== undefined) mockClock.set(clockAt);
  };
  const backend: Backend = {
    get base() {
      if (!server) throw new Error("the fake backend starts before the file's first test");
      return server.base;
    },
    close: async () => server?.close(),
    api: undefined as unknown as ReturnType<typeof client>,
  };
  backend.api = client(backend);
  beforeAll(async () => {
    server = await startServer();
    if (reseed === "once") await prepare();
  }, 60_000);
  afterAll(async () => {
    mockClock.reset();
    await server?.close();
  });
  if (reseed === "each") beforeEach(prepare);
  return backend;
}

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

/** A client of the fake backend; its calls share one demo mailbox, as one browser's would. */
export function client(server: TestServer) {
  const mailbox = randomBytes(16).toString("hex");
  async function raw(path: string, options: CallOptions = {}): Promise<Response> {
    const url = new URL(server.base + path);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      "user-agent": CHROME_UA,
      "x-demo-mailbox": mailbox,
      ...options.headers,
    };
    if (options.lang) headers["accept-language"] = options.lang;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    return fetch(url, { method: options.method ?? "GET", headers, body });
  }

  async function call<T = unknown>(path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    const response = await raw(path, options);
    return (await response.json()) as Envelope<T>;
  }

  /** Calls and checks success; `data` is parsed with the contract schema when one is given. */
  async function ok<S extends z.ZodType>(
    path: string,
    options: CallOptions,
    schema: S,
  ): Promise<z.output<S>> {
    const answer = await call(path, options);
    if (answer.code !== 200)
      throw new Error(`${path} answered ${answer.code}: ${String(answer.data)}`);
    return schema.parse(answer.data);
  }

  async function login(
    username: string,
    password = PASSWORD,
    headers: Record<string, string> = {},
  ): Promise<string> {
    const answer = await call<{ token: string }>("/account/login", {
      method: "POST",
      body: { username, password },
      headers,
    });
    if (answer.code !== 200)
      throw new Error(`login ${username} answered ${answer.code}: ${String(answer.data)}`);
    return answer.data.token;
  }

  /** The newest mail sent to an address (demo outbox). */
  async function lastMail(to: string): Promise<{ subject: string; text: string }> {
    const answer = await call<{ subject: string; text: string }[]>("/demo/outbox", {
      query: { to },
    });
    const mail = answer.data[0];
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }

  async function lastCode(to: string): Promise<string> {
    const mail = await lastMail(to);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in mail to ${to}`);
    return code;
  }

  /**
   * Registers `email` (a free address) with `password`: an account of this
   * client's own, its mail filed in this client's mailbox. The published
   * demo accounts' passwords cannot change, so tests that change one use
   * such an account. The backend's clock moves past the 60 s resend wait.
   */
  async function registerAccount(email: string, password = PASSWORD): Promise<string> {
    const sent = await call<{ captcha_id: string }>("/account/captcha/email", {
      query: { email, scene: "register" },
    });
    if (sent.code !== 200) throw new Error(`register code for ${email}: ${String(sent.data)}`);
    const registered = await call("/account/register/email", {
      method: "POST",
      body: {
        email,
        username: email,
        password,
        checkPass: password,
        captcha_id: sent.data.captcha_id,
        captcha_code: await lastCode(email),
      },
    });
    if (registered.code !== 200) throw new Error(`register ${email}: ${String(registered.data)}`);
    mockClock.advance(61_000);
    return email;
  }

  /**
   * A CBA_MANAGER sub-account of the demo manager, created by this client
   * (whose mailbox reads its invitation and codes) and given `password`
   * through forgot password, as its owner would after the invitation.
   */
  async function staffAccount(email: string, password = PASSWORD): Promise<string> {
    const owner = await login(MANAGER);
    const created = await call("/account/sub-account", {
      method: "POST",
      token: owner,
      body: { email, role: "CBA_MANAGER" },
    });
    if (created.code !== 200) throw new Error(`sub-account ${email}: ${String(created.data)}`);
    const sent = await call<{ captcha_id: string }>("/account/captcha/email", {
      query: { email, scene: "forgot" },
    });
    if (sent.code !== 200) throw new Error(`reset code for ${email}: ${String(sent.data)}`);
    const set = await call("/account/login/forgot-password", {
      method: "POST",
      body: {
        password,
        checkPass: password,
        captcha_id: sent.data.captcha_id,
        captcha_code: await lastCode(email),
      },
    });
    if (set.code !== 200) throw new Error(`password of ${email}: ${String(set.data)}`);
    mockClock.advance(61_000);
    return email;
  }

  return { raw, call, ok, login, lastMail, lastCode, registerAccount, staffAccount };
}

/** A 1×1 PNG: an image the upload accepts by its content. */
export const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAOEAcGHCPagAAAAAElFTkSuQmCC",
    "base64",
  ),
);

export const ADMIN = "admin@demo.test";
export const MANAGER = "manager@demo.test";
export const GUEST = "guest@demo.test";

/**
 * An account like the seeded `username` (same company, roles and password)
 * that is not one of the published demo accounts, which refuse what would
 * take them away from the other people using them (single login, forcing
 * devices offline, their passwords).
 */
export async function unpublishedCopyOf(username: string, copy: string): Promise<string> {
  const id = db.userIdByName.get(username);
  const original = id ? db.users.get(id) : undefined;
  if (!original) throw new Error(`${username} is not seeded`);
  const user = await db.users.insert({ ...original, id: `${original.id}-${copy}`, username: copy });
  db.userIdByName.set(copy, user.id);
  return copy;
}
