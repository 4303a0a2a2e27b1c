import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/empty.tsx"),
  route("markup/:page", "routes/markup.tsx"),
] satisfies RouteConfig;
