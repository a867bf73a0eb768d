#!/usr/bin/env bash
# Fails if any given binary has libcuda in its NEEDED entries (the driver must be dlopen'd).
set -u
status=0
for bin in "$@"; do
  if [ ! -f "$bin" ]; then echo "missing binary: $bin"; status=1; continue; fi
  needed=$(readelf -d "$bin" | grep NEEDED)
  if echo "$needed" | grep -q 'libcuda\.so'; then
    echo "FAIL: $bin links the CUDA driver:"; echo "$needed" | grep libcuda; status=1
  else
    echo "ok: $bin has no libcuda in NEEDED ($(echo "$needed" | wc -l) entries)"
  fi
done
exit $status
