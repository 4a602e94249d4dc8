# The service (and the development chain) as one image: the built app and server on Node 20.
# Used by compose.yaml to show several instances on one PostgreSQL database.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update -qq && apt-get install -y -qq python3 make g++ >/dev/null && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# The zap1 package (packages/zap1) is a workspace: npm ci needs its package.json.
COPY packages/zap1/package.json packages/zap1/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The data folder (SQLite, or the development chain's files) belongs to the unprivileged user.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 8080
CMD ["node", "dist-server/server/index.js"]
