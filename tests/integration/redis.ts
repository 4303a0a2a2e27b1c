/**
 * Debian's redis-server (installed by scripts/test.sh) on a free loopback
 * port, for the tests that share state through Redis: nothing kept on disk,
 * and it can be stopped and started again on the same port mid-test.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Child, freePort, start, stop, waitForOutput } from "./processes.ts";

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
export const haveRedis = existsSync(REDIS_SERVER);

/** Says once why a test that needs Redis is skipped. */
export function warnWithoutRedis(what: string): void {
  if (!haveRedis) {
    console.warn(
      `Skipping ${what}: no redis-server at ${REDIS_SERVER} (scripts/test.sh installs Debian's redis-server; it could not here).`,
    );
  }
}

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (its data is gone with it). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "redis-"));
  let child: Child | undefined;
  const launch = async () => {
    child = start(
      REDIS_SERVER,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        dir,
      ],
      {},
    );
    await waitForOutput(child, "Ready to accept connections", 20_000);
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child) await stop(child);
    },
    restart: launch,
    async close() {
      if (child) await stop(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
