#!/usr/bin/env bash
# Starts build.sh in the background, at the lowest CPU priority, and returns at once: run as the
# whole build begins (the parent pom's validate phase), so that on a machine that has never built the
# Kubernetes control plane its Go build overlaps the modules before the operator's. build.sh holds a
# lock while it builds, so the operator's own run of it waits for this one and then finds the
# binaries; where they are built already, this one ends in a moment. Its output goes to a log beside
# the binaries, not to the build's, which it must not hold open.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v go >/dev/null || exit 0 # the operator's own step says what is missing
log="$HOME/.cache/stele/kubernetes-ahead.log"
mkdir -p "$(dirname "$log")"
nohup nice -n 19 bash "$here/build.sh" /dev/null </dev/null >"$log" 2>&1 &
echo "Building the Kubernetes control plane in the background, if it is not built yet (log: $log)"
