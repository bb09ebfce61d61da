#!/usr/bin/env bash
# Builds the Kubernetes control plane the operator's tests run (etcd, kube-apiserver and
# kube-controller-manager) from the Go module proxy, with the versions pinned by the go.mod and
# go.sum files beside this script, and keeps the binaries under ~/.cache/stele, outside target/,
# so that only the first build on a machine pays for it (about 10 minutes on two cores).
# Writes the folder that holds the binaries into the file named by the first argument.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1
digest=$(cat "$here"/build.sh "$here"/control-plane/* "$here"/etcd/* | sha256sum | cut -c1-12)
cache="$HOME/.cache/stele"
home="$cache/kubernetes-$digest"
mkdir -p "$cache"
exec 9>"$home.lock"
flock 9
if [ ! -f "$home/.prepared" ]; then
  rm -rf "$home"
  mkdir -p "$home/bin"
  log="$home.log"
  echo "Building etcd, kube-apiserver and kube-controller-manager into $home (log: $log)"
  export CGO_ENABLED=0 GOFLAGS=-mod=readonly
  (cd "$here/etcd" && go build -o "$home/bin/etcd" go.etcd.io/etcd/server/v3) >>"$log" 2>&1
  (cd "$here/control-plane" \
    && go build -o "$home/bin/kube-apiserver" k8s.io/kubernetes/cmd/kube-apiserver \
    && go build -o "$home/bin/kube-controller-manager" k8s.io/kubernetes/cmd/kube-controller-manager) >>"$log" 2>&1
  touch "$home/.prepared"
fi
mkdir -p "$(dirname "$out")"
echo "$home/bin" > "$out"
