import type zh from "../zh/account.ts";

export default {
  title: "Account",
} satisfies Record<keyof typeof zh, unknown>;
