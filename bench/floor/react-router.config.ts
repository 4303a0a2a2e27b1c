import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.FLOOR_BUILD_DIR ?? "../../build/floor",
} satisfies Config;
