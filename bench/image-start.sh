#!/usr/bin/env bash
# Start-up of the container image as a container runtime would run it, without a Docker engine: the image's layers
# (an OCI tarball from ContainerImage, docs/operations.md "Container image") unpacked into a root file system, the
# image's entrypoint run in it with chroot as the image's user (10001), so only the image's own JDK runtime,
# libraries and application are used; PostgreSQL 17 (the zonky binaries) on the host's loopback.
#
# It first checks that the image's AOT cache is usable by the image's own runtime (-XX:AOTMode=on: the JVM refuses
# to start when the cache does not match), then measures one cold start (migrations on an empty database) and N
# warm starts of each variant, alternating: the entrypoint as built (with -XX:AOTCache=/app/app.aot when the image
# carries the cache) and the same entrypoint without the cache flag. Milliseconds from launch to the first 200 of
# /q/health/ready, and RSS 5 s after the last start of each variant.
#
# Needs root (chroot). Usage:
#   ./mvnw -B package -DskipTests
#   java bootstrap/src/test/java/io/mizani/bootstrap/ops/ContainerImage.java bootstrap/target/quarkus-app \
#     bootstrap/target/image/mizani-image.tar
#   bench/image-start.sh bootstrap/target/image/mizani-image.tar
# Env: N (3), PORT (18650), PGPORT (15590), KEEP=1 keeps the scratch directory, MAXRAM (1g: -XX:MaxRAM through
#      JDK_JAVA_OPTIONS, standing in for the manifests' 1Gi memory limit, which sizes the heap; empty: none).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TAR=$(cd "$(dirname "${1:?usage: bench/image-start.sh <image.tar>}")" && pwd)/$(basename "$1")
N=${N:-3}
MAXRAM=${MAXRAM-1g}
PORT=${PORT:-18650}
PGPORT=${PGPORT:-15590}
SCRATCH=$(mktemp -d /tmp/mizani-image-start.XXXXXX)
chmod 755 "$SCRATCH" # PostgreSQL runs as its own user under it
WORK="$SCRATCH/pg-work" # bench/lib.sh keeps PostgreSQL under $WORK
mkdir -p "$WORK"
BASE="http://127.0.0.1:$PORT"
[ "$(id -u)" = 0 ] || { echo "needs root (chroot)" >&2; exit 1; }
for tool in jq curl tar chroot mount; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
CHROOT=$(command -v chroot) # env -i below clears PATH

SVC=""
. "$ROOT/bench/lib.sh"
trap 'bench_cleanup "$SCRATCH"' EXIT

# The root file system: every layer in order, as a runtime stacks them.
RFS="$SCRATCH/rootfs"
OCI="$SCRATCH/oci"
mkdir -p "$RFS" "$OCI"
tar xf "$TAR" -C "$OCI"
for layer in $(jq -r '.[0].Layers[]' "$OCI/manifest.json"); do
  tar xzf "$OCI/$layer" -C "$RFS"
done
CONFIG="$OCI/$(jq -r '.[0].Config' "$OCI/manifest.json")"
mapfile -t ENTRY < <(jq -r '.config.Entrypoint[]' "$CONFIG")
USER_SPEC=$(jq -r '.config.User' "$CONFIG")
mapfile -t IMAGE_ENV < <(jq -r '.config.Env[]' "$CONFIG")
# /dev/null, /dev/urandom and /proc for the JVM (a runtime mounts these too). The working directory stays /
# (chroot cannot change it and the image has no shell): the entrypoint uses absolute paths only.
mkdir -p "$RFS/dev" "$RFS/proc"
for d in null zero random urandom; do touch "$RFS/dev/$d"; mount --bind "/dev/$d" "$RFS/dev/$d"; done
mount -t proc proc "$RFS/proc"
umount_all() { umount "$RFS/proc" 2>/dev/null || true; for d in null zero random urandom; do umount "$RFS/dev/$d" 2>/dev/null || true; done; }
trap 'umount_all; bench_cleanup "$SCRATCH"' EXIT

HAS_CACHE=0
printf '%s\n' "${ENTRY[@]}" | grep -q '^-XX:AOTCache=' && HAS_CACHE=1
NO_CACHE=()
for a in "${ENTRY[@]}"; do [[ "$a" == -XX:AOTCache=* ]] || NO_CACHE+=("$a"); done
echo "== image $(basename "$TAR"): user $USER_SPEC, entrypoint: ${ENTRY[*]}"
echo "   $(du -shx "$RFS" | cut -f1) unpacked; AOT cache in the image: $([ $HAS_CACHE = 1 ] && ls -la "$RFS/app/app.aot" | awk '{print $5}' || echo no)"

pg_start -c shared_buffers=128MB -c max_connections=100

# run_image <label> <argv...>: the image's entrypoint (or a variant) in the root file system; waits for ready
run_image() {
  local label=$1 log="$SCRATCH/service-$1.log" t0; shift
  t0=$(date +%s%N)
  # sandbox mode, as the cache's training run: no provider credentials, mailer or PII key needed to start
  env -i "${IMAGE_ENV[@]}" ${MAXRAM:+JDK_JAVA_OPTIONS=-XX:MaxRAM=$MAXRAM} QUARKUS_HTTP_PORT=$PORT MIZANI_MODE=sandbox \
    QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
    QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
    QUARKUS_LOG_LEVEL=WARN QUARKUS_LOG_CATEGORY__IO_QUARKUS__LEVEL=INFO MIZANI_PAYMENTS_WORKERS_ENABLED=false \
    "$CHROOT" --userspec="$USER_SPEC" "$RFS" "$@" >"$log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 4800); do
    if curl -fs "$BASE/q/health/ready" >/dev/null 2>&1; then
      READY_MS=$(( ($(date +%s%N) - t0) / 1000000 ))
      return 0
    fi
    kill -0 "$SVC" 2>/dev/null || { echo "-- $label did not start:" >&2; tail -30 "$log" >&2; return 1; }
    sleep 0.025
  done
  tail -30 "$log" >&2; return 1
}
stop_image() { kill "$SVC"; wait "$SVC" 2>/dev/null || true; SVC=""; }
rss_mib() { echo $(( $(awk '/VmRSS/ {print $2}' "/proc/$SVC/status") / 1024 )); }

run_image cold "${ENTRY[@]}"
echo "cold (migrations), as built: $READY_MS ms to ready, load $(load)"
stop_image

if [ $HAS_CACHE = 1 ]; then
  # -XX:AOTMode=on: the JVM exits at once if the cache cannot be used by this runtime and these jars
  STRICT=()
  for a in "${ENTRY[@]}"; do [ "$a" = -jar ] && STRICT+=(-XX:AOTMode=on); STRICT+=("$a"); done
  run_image strict "${STRICT[@]}" || { echo "FAIL: the image's runtime refuses its AOT cache" >&2; exit 1; }
  echo "the image's runtime uses its AOT cache (-XX:AOTMode=on started: $READY_MS ms)"
  stop_image
fi

declare -A ALL
for i in $(seq 1 "$N"); do
  for variant in cache none; do
    [ $variant = cache ] && [ $HAS_CACHE = 0 ] && continue
    if [ $variant = cache ]; then run_image "cache-$i" "${ENTRY[@]}"; else run_image "none-$i" "${NO_CACHE[@]}"; fi
    printf '%-5s %d: %6d ms to ready (%s), load %s\n' "$variant" "$i" "$READY_MS" \
      "$(grep -o 'started in [0-9.]*s' "$SCRATCH/service-$variant-$i.log" | head -1)" "$(load)"
    ALL[$variant]="${ALL[$variant]:-} $READY_MS"
    if [ "$i" = "$N" ]; then sleep 5; ALL[$variant-rss]=$(rss_mib); fi
    stop_image
  done
done
for variant in cache none; do
  [ -n "${ALL[$variant]:-}" ] || continue
  sorted=$(printf '%s\n' ${ALL[$variant]} | sort -n | tr '\n' ' ')
  median=$(printf '%s\n' ${ALL[$variant]} | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "RESULT $variant: warm start to ready median $median ms (all: $sorted), RSS idle ${ALL[$variant-rss]} MiB"
done
echo "load average at the end: $(load)"
