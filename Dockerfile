# syntax=docker/dockerfile:1
# The deployable portal. Without API_BASE_URL it starts in demo mode with the
# fake backend; set API_BASE_URL and SESSION_SECRET to serve a real backend.

FROM node:24-bookworm-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false

# All dependencies, for the build. Install scripts are skipped: the `node`
# devDependency (Node 24 for machines whose own Node is older) is not needed
# on this image, so its launcher is removed and the image's Node 24 runs.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && rm -f node_modules/.bin/node

# Production dependencies only, for the final image.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts

FROM deps AS build
COPY . .
RUN npx react-router build

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# Node runs these as they are: the server and its own modules, and the
# sources the fake backend imports when it runs on its own (compose.yaml's
# mock-api). tests/integration/image.test.ts lays this stage out without
# Docker and starts both commands from it.
COPY --chown=node:node package.json server.ts ./
COPY --chown=node:node server ./server
COPY --chown=node:node app ./app
COPY --chown=node:node mocks ./mocks
COPY --chown=node:node docs/openapi.json ./docs/openapi.json
# `node mocks/standalone.ts` (compose.yaml's mock-api) keeps its data file here.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The heap's sizes as `npm start` gives them: an old generation that starts
# at 256 MB and a young one at its full size, so a busy portal is not
# stopped for a full collection every second or two
# (docs/decisions/2026-11-26-portal-heap-sizes.md).
CMD ["node", "--initial-old-space-size=256", "--min-semi-space-size=64", "server.ts"]
