#!/usr/bin/env bash
# Makes a coverage_mapping seed of a real instrumented binary's sections:
#   fuzz/seed.sh <binary> <seed file>
set -euo pipefail
bin="$1"; out="$2"; tmp="$(mktemp -d)"
objcopy --dump-section __llvm_covmap="$tmp/covmap" --dump-section __llvm_covfun="$tmp/covfun" \
  --dump-section __llvm_prf_names="$tmp/names" "$bin" "$tmp/copy"
python3 - "$tmp" "$out" <<'PY'
import struct, sys
d, out = sys.argv[1], sys.argv[2]
parts = [open(f"{d}/{n}", "rb").read() for n in ("covmap", "covfun", "names")]
open(out, "wb").write(struct.pack("<II", len(parts[0]), len(parts[1])) + b"".join(parts))
PY
rm -rf "$tmp"
