/** The whole /api/v1 contract: every endpoint, by name. */
import { accountEndpoints } from "./account.ts";
import { auditEndpoints } from "./audit.ts";
import { cbaEndpoints } from "./cba.ts";
import { demoEndpoints } from "./demo.ts";
import { listSettingsEndpoints } from "./list-settings.ts";
import { noticeEndpoints } from "./notice.ts";
import { workbenchEndpoints } from "./workbench.ts";

export const endpoints = {
  ...accountEndpoints,
  ...cbaEndpoints,
  ...auditEndpoints,
  ...noticeEndpoints,
  ...listSettingsEndpoints,
  ...workbenchEndpoints,
  ...demoEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export * from "./account.ts";
export * from "./audit.ts";
export * from "./cba.ts";
export * from "./demo.ts";
export * from "./endpoint.ts";
export * from "./envelope.ts";
export * from "./list-settings.ts";
export * from "./notice.ts";
export * from "./password.ts";
export * from "./roles.ts";
export * from "./uscc.ts";
export * from "./workbench.ts";
