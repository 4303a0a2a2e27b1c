import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../app/contract/index.ts";
import { OPENAPI_FILE, openApiText } from "../../scripts/openapi.ts";

describe("OpenAPI document", () => {
  it("docs/openapi.json is what the contract produces (run `npm run openapi` after changing a schema)", async () => {
    const committed = await readFile(OPENAPI_FILE, "utf8");
    expect(committed).toBe(openApiText());
  });

  it("describes every endpoint, and every $ref resolves", () => {
    const document = JSON.parse(openApiText()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe("3.1.0");
    const operationIds = new Set(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item).map((operation) => operation.operationId),
      ),
    );
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(operationIds.has(name), name).toBe(true);
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()], name).toBeDefined();
      if (endpoint.prefixed) expect(document.paths[`/seller${endpoint.path}`], name).toBeDefined();
    }
    const refs = openApiText().match(/"\$ref": "#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const reference of new Set(refs)) {
      const id = reference.slice('"$ref": "#/components/schemas/'.length, -1);
      expect(document.components.schemas[id], id).toBeDefined();
    }
    expect(openApiText()).not.toContain('"$ref": "#"');
  });
});

describe("standalone server", () => {
  it("serves the API and the OpenAPI document on its own port", async () => {
    const script = fileURLToPath(new URL("../../mocks/standalone.ts", import.meta.url));
    const child = spawn(process.execPath, [script], {
      env: {
        ...process.env,
        MOCK_API_PORT: "0",
        MOCK_API_HOST: "127.0.0.1",
        SEED_ORDERS: "50",
        SEED_PALLETS: "5",
        SEED_SERVICES: "2",
        MOCK_API_QUIET: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let output = "";
        const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 15_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+\/api\/v1)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const spec = await fetch(`${base}/openapi.json`);
      expect(spec.headers.get("content-type")).toContain("application/json");
      expect(((await spec.json()) as { openapi: string }).openapi).toBe("3.1.0");
      const login = await fetch(`${base}/account/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        // The platform sees every company's orders: all 50 of the seed.
        body: JSON.stringify({ username: "admin@demo.test", password: "Demo1234!" }),
      });
      const { data } = (await login.json()) as { data: { token: string } };
      const devices = await fetch(`${base}/account/login-device`, {
        headers: { authorization: `Bearer ${data.token}` },
      });
      // An envelope is written as its text, with its length.
      const text = await devices.text();
      expect(devices.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
      expect(devices.headers.get("content-type")).toBe("application/json");
      const body = JSON.parse(text) as { data: { list: { ip: string }[] } };
      expect(body.data.list[0]?.ip).toBe("127.0.0.1");
      const orders = await fetch(`${base}/cba/order?pageSize=100`, {
        headers: { authorization: `Bearer ${data.token}` },
      });
      expect(
        ((await orders.json()) as { data: { pagination: { total: number } } }).data.pagination
          .total,
      ).toBe(50);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
