# One image for the API and the worker (docker-compose.yml picks the command).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY web-learner/package.json web-learner/
COPY web-admin/package.json web-admin/
COPY test/package.json test/
RUN npm install --no-audit --no-fund
COPY backend backend
COPY web-learner web-learner
COPY web-admin web-admin
COPY scripts/vite scripts/vite
RUN npm run build

FROM node:20-bookworm-slim
# pg_dump for the admin's database backups
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY web-learner/package.json web-learner/
COPY web-admin/package.json web-admin/
COPY test/package.json test/
RUN npm install --no-audit --no-fund --omit=dev -w backend && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/web-learner/dist web-learner/dist
COPY --from=build /app/web-learner/dist-ssr web-learner/dist-ssr
COPY --from=build /app/web-admin/dist web-admin/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["sh", "-c", "node backend/dist/cli.js migrate && node backend/dist/main.js"]
