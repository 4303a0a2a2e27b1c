import type zh from "../zh/inventory.ts";

export default {
  title: "Inventory system",
} satisfies Record<keyof typeof zh, unknown>;
