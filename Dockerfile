# syntax=docker/dockerfile:1
#
# One image per app, selected with a build argument:
#
#   docker build --build-arg APP=gateway -t payments-platform/gateway:0.1.0 .
#
# APP is one of: gateway | billing | payments | settlements | webhooks.

# ---------------------------------------------------------------------------------------------
# base: Node 22 LTS (Node 20 is past its end of life) with the npm major the project is written for.
# The development and test toolchain runs on Node 20.19+ and 22; the images run 22.
# ---------------------------------------------------------------------------------------------
FROM node:22-bookworm-slim AS base
# The project reviews dependency install scripts through `allowScripts` in package.json, enforced by
# `strict-allow-scripts=true` in .npmrc. Only recent npm 11 releases understand both; the npm 10 bundled
# with Node 22 ignores them and would run every install script. Pinned to the npm used in development.
ARG NPM_VERSION=11.19.1
RUN npm install --global "npm@${NPM_VERSION}" --no-audit --no-fund \
 && npm cache clean --force

# ---------------------------------------------------------------------------------------------
# build: full install (dev dependencies included), then one webpack bundle for the chosen app.
# ---------------------------------------------------------------------------------------------
FROM base AS build
WORKDIR /repo
# patches/ holds fixes to dependencies, applied by patch-package in the postinstall script.
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
# APP is declared only after the install so the dependency layer is shared by all five images.
ARG APP
RUN case "${APP}" in \
      gateway|billing|payments|settlements|webhooks) ;; \
      *) echo "Set --build-arg APP=gateway|billing|payments|settlements|webhooks (got '${APP}')" >&2; exit 1 ;; \
    esac
COPY . .
# Writes dist/apps/${APP}/main.js (+ source map); node_modules stay external to the bundle.
RUN npx nx run "${APP}:build" --skip-nx-cache
# The gateway also serves the merchant dashboard at /dashboard and Checkout's files (checkout.js, the
# modal, the pay pages' script): their static builds go into its image.
RUN if [ "${APP}" = gateway ]; then \
      npx nx run-many -t build -p dashboard checkout --skip-nx-cache \
      && cp -r dist/apps/dashboard "dist/apps/${APP}/dashboard" \
      && cp -r dist/apps/checkout "dist/apps/${APP}/checkout"; \
    fi

# ---------------------------------------------------------------------------------------------
# runtime: production dependencies + the bundle, nothing else.
# ---------------------------------------------------------------------------------------------
FROM base AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
# --omit=dev leaves only production dependencies, whose install scripts are all covered by allowScripts.
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force
ARG APP
LABEL org.opencontainers.image.title="payments-platform/${APP}"
# main.js sits next to node_modules, so the external requires resolve from /app/node_modules.
COPY --from=build /repo/dist/apps/${APP} /app
# Where the gateway finds the dashboard's and Checkout's builds (copied with it above); the other apps
# ignore them.
ENV DASHBOARD_DIR=/app/dashboard CHECKOUT_DIR=/app/checkout
# A container is reached through its own interface: listen on all of them (the services' default,
# for a process on a developer's machine, is 127.0.0.1).
ENV LISTEN_HOST=0.0.0.0

# Files stay owned by root (read-only for the process); the app runs as the image's unprivileged `node`
# user (uid 1000, which the Kubernetes manifests reference numerically).
USER node
EXPOSE 3000

# Slim images have no curl: probe with Node's built-in fetch. PORT defaults to 3000 like the app does.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "/app/main.js"]
