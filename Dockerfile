# syntax=docker/dockerfile:1
# Parley's container image: the compiled server on Node.js, native modules (better-sqlite3, re2) built for the
# image's own Node, run as the unprivileged `node` user, SQLite and generated secrets in the /data volume.
#   docker build -t parley .            (or: podman build -t parley .)
#   docker run -p 8080:8080 -v parley-data:/data parley
# NODE_IMAGE is the base of both stages: a supported Node.js release (package.json "engines", README).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# node-gyp builds against the headers the Node images ship in /usr/local/include/node instead of downloading them.
ENV npm_config_nodedir=/usr/local
# node-gyp's tools, for the native modules when no prebuilt binary for this Node and platform can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# A registry reached through a TLS-intercepting proxy: pass its CA as a build secret
# (docker build --secret id=npm_ca,src=proxy-ca.pem .); without one, the public chain is used.
RUN --mount=type=secret,id=npm_ca,required=false \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY bin ./bin
COPY web ./web
# The bot language's reference: the console's code editor shows it on hover (bundled from here when first asked for).
COPY docs/bot-language.md ./docs/bot-language.md
# The console's starters are the examples (their definitions and tests), and its client is the SDK: bundled from here too.
COPY examples ./examples
COPY sdk ./sdk
# dist/ is what runs; src/ stays for the `parley` command (it runs the TypeScript through tsx).
RUN node scripts/compile.mjs && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080 \
    NODE_COMPILE_CACHE=/tmp/parley-compile-cache
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/bin ./bin
COPY --from=build /app/web ./web
COPY --from=build /app/docs ./docs
COPY --from=build /app/examples ./examples
COPY --from=build /app/sdk ./sdk
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data && ln -s /app/bin/parley.js /usr/local/bin/parley
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness only (it never touches the database); orchestrators should use /readyz for readiness.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
