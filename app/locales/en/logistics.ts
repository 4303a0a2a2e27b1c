import type zh from "../zh/logistics.ts";

export default {
  title: "Logistics",
} satisfies Record<keyof typeof zh, unknown>;
