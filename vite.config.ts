import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server build starts at server/app.ts (fake backend mount + request handler).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
});
