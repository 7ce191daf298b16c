#!/usr/bin/env bash
# Regenerates the migrations from apps/server/src/db/schema with drizzle-kit.
# Until the first release there is no deployed database to migrate, so the history is kept as a single
# generated 0000_init (no interactive rename prompts). After the first release, switch to plain
# `npx drizzle-kit generate` so each change becomes its own migration.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/sk-db-generate.lock
flock 9
rm -rf apps/server/src/db/migrations
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name init 2>&1 | grep -E 'tables|✓|Error|error' || true
test -f apps/server/src/db/migrations/0000_init.sql
