/**
 * The OpenAPI 3.1 document of the /api/v1 contract, generated from the zod
 * schemas (`npm run openapi` writes docs/openapi.json; a contract test fails
 * when the committed file differs from what the schemas produce).
 */
import { z } from "zod";
import { currentUserSchema, loginDeviceSchema, subAccountSchema } from "./account.ts";
import {
  brandSchema,
  categoryNodeSchema,
  companyProfileInputSchema,
  companySchema,
  downloadBodySchema,
  importReportSchema,
  orderEventSchema,
  orderSchema,
  orderStatusChangeSchema,
  palletSchema,
  serviceSchema,
  subOrderSchema,
  warehousingBodySchema,
  warehousingResultSchema,
  XLSX_CONTENT_TYPE,
} from "./cba.ts";
import { outboxMailSchema } from "./demo.ts";
import type { EndpointDefinition } from "./endpoint.ts";
import { SYSTEM_PREFIXES } from "./endpoint.ts";
import { paginationSchema, timestampSchema } from "./envelope.ts";
import { endpoints } from "./index.ts";
import { noticeSchema } from "./notice.ts";

type JsonSchema = Record<string, unknown>;

/** Shared answer parts, as named components. */
const NAMED_RESPONSES: Record<string, z.ZodType> = {
  Timestamp: timestampSchema,
  Pagination: paginationSchema,
  CurrentUser: currentUserSchema,
  LoginDevice: loginDeviceSchema,
  SubAccount: subAccountSchema,
  Service: serviceSchema,
  Salver: palletSchema,
  Order: orderSchema,
  SubOrder: subOrderSchema,
  OrderEvent: orderEventSchema,
  OrderStatusChange: orderStatusChangeSchema,
  WarehousingResult: warehousingResultSchema,
  ImportReport: importReportSchema,
  Company: companySchema,
  Brand: brandSchema,
  CategoryNode: categoryNodeSchema,
  Notice: noticeSchema,
  OutboxMail: outboxMailSchema,
};

/** Request bodies used by more than one call. */
const NAMED_REQUESTS: Record<string, z.ZodType> = {
  CompanyProfileInput: companyProfileInputSchema,
  WarehousingBody: warehousingBodySchema,
  DownloadBody: downloadBodySchema,
};

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function tagOf(path: string): string {
  if (path.startsWith("/account")) return "account";
  if (path.startsWith("/cba/cba-company")) return "qualification";
  if (path.startsWith("/cba/brand") || path.startsWith("/cba/category")) return "catalogue";
  if (path.startsWith("/cba")) return "logistics";
  if (path.startsWith("/upload")) return "upload";
  if (path.startsWith("/notice")) return "notice";
  return "demo";
}

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: "query" | "path") {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

export function buildOpenApiDocument(): JsonSchema {
  const responseRegistry = z.registry<{ id: string }>();
  const requestRegistry = z.registry<{ id: string }>();
  const responseIds = new Map<z.ZodType, string>();
  const requestIds = new Map<z.ZodType, string>();
  const add = (
    registry: z.core.$ZodRegistry<{ id: string }>,
    ids: Map<z.ZodType, string>,
    schema: z.ZodType,
    id: string,
  ): string => {
    const existing = ids.get(schema);
    if (existing) return existing;
    registry.add(schema, { id });
    ids.set(schema, id);
    return id;
  };
  for (const [id, schema] of Object.entries(NAMED_RESPONSES))
    add(responseRegistry, responseIds, schema, id);
  for (const [id, schema] of Object.entries(NAMED_REQUESTS))
    add(requestRegistry, requestIds, schema, id);

  const entries = Object.entries(endpoints) as [string, EndpointDefinition][];
  const planned = entries.map(([name, endpoint]) => ({
    name,
    endpoint,
    dataId: endpoint.binary
      ? null
      : add(responseRegistry, responseIds, endpoint.data, `${pascal(name)}Data`),
    bodyId:
      endpoint.body && !endpoint.multipart
        ? add(requestRegistry, requestIds, endpoint.body, `${pascal(name)}Body`)
        : null,
  }));

  const uri = (id: string) => `#/components/schemas/${id}`;
  const responseSchemas = z.toJSONSchema(responseRegistry, {
    uri,
    io: "output",
    unrepresentable: "any",
  }).schemas as Record<string, JsonSchema>;
  const requestSchemas = z.toJSONSchema(requestRegistry, {
    uri,
    io: "input",
    unrepresentable: "any",
  }).schemas as Record<string, JsonSchema>;

  const schemas: Record<string, JsonSchema> = {
    ErrorEnvelope: {
      type: "object",
      description:
        "A coded failure. `data` and `msg` carry the message in the request's language (Accept-Language: zh default, en).",
      properties: {
        code: { type: "integer", examples: [1001, 20001, 40001, 40003, 40004, 40009] },
        data: { type: "string" },
        msg: { type: "string" },
      },
      required: ["code", "data", "msg"],
    },
  };
  for (const [id, schema] of Object.entries(responseSchemas)) schemas[id] = clean(schema);
  for (const [id, schema] of Object.entries(requestSchemas)) schemas[id] = clean(schema);

  const paths: Record<string, Record<string, unknown>> = {};
  for (const { name, endpoint, dataId, bodyId } of planned) {
    const successEnvelope = {
      type: "object",
      properties: {
        code: { const: 200 },
        data: dataId ? ref(dataId) : {},
        msg: { type: "string" },
      },
      required: ["code", "data", "msg"],
    };
    const binaryType = endpoint.path.startsWith("/upload/image/") ? "image/*" : XLSX_CONTENT_TYPE;
    const responses = endpoint.binary
      ? {
          "200": {
            description: "The file.",
            content: { [binaryType]: { schema: { type: "string", format: "binary" } } },
          },
          "400": {
            description: "A coded failure (JSON envelope).",
            content: { "application/json": { schema: ref("ErrorEnvelope") } },
          },
        }
      : {
          "200": {
            description:
              "Envelope: code 200 with data, or a coded failure whose data is the message.",
            content: {
              "application/json": { schema: { oneOf: [successEnvelope, ref("ErrorEnvelope")] } },
            },
          },
        };
    let requestBody: Record<string, unknown> | undefined;
    if (endpoint.body && endpoint.multipart) {
      const form = clean(
        z.toJSONSchema(endpoint.body, { io: "input", unrepresentable: "any" }) as JsonSchema,
      );
      requestBody = { required: true, content: { "multipart/form-data": { schema: form } } };
    } else if (bodyId) {
      requestBody = { required: true, content: { "application/json": { schema: ref(bodyId) } } };
    }
    const roles = endpoint.roles ?? [];
    const operation = (operationId: string) => ({
      operationId,
      summary: endpoint.summary,
      tags: [tagOf(endpoint.path)],
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(roles.length > 0 ? { "x-roles": [...roles] } : {}),
      ...(endpoint.demoOnly ? { "x-demo-only": true } : {}),
      parameters: [
        ...parametersOf(endpoint.params, "path"),
        ...parametersOf(endpoint.query, "query"),
      ],
      ...(requestBody ? { requestBody } : {}),
      responses,
    });
    const variants = ["", ...(endpoint.prefixed ? SYSTEM_PREFIXES : [])];
    for (const prefix of variants) {
      const path = `${prefix ? `/${prefix}` : ""}${endpoint.path}`;
      paths[path] ??= {};
      (paths[path] as Record<string, unknown>)[endpoint.method.toLowerCase()] = operation(
        prefix ? `${prefix}${pascal(name)}` : name,
      );
    }
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Bonded logistics back office API",
      version: "1.0.0",
      description:
        "Every JSON answer is the envelope { code, data, msg }; success is code 200. Coded failures are " +
        "HTTP 200 with the code in the body; binary calls answer failures as HTTP 400 with the envelope; " +
        "unknown paths HTTP 404. Money in fen, weight in 1/100000 kg, size in 1/100 cm, times { seconds }.",
    },
    servers: [{ url: "/api/v1" }],
    tags: ["account", "logistics", "qualification", "catalogue", "upload", "notice", "demo"].map(
      (tag) => ({
        name: tag,
      }),
    ),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "Token from /account/login." },
      },
      schemas,
    },
  };
}
