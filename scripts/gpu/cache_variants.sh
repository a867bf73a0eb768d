#!/usr/bin/env bash
# Swish and vector add (fp32, 2^28 elements, BLOCK_SIZE 4096 and 1024) under one launcher: real
# Triton's cubins, Tilesmith's as the runtime builds them (NVRTC), and Tilesmith's CUDA C
# (`tilesmith emit --cuda --standalone`) compiled by nvcc as it is and with the default cache
# qualifier of its loads or stores replaced (loads .cg / .cs / .L1::no_allocate /
# .L1::evict_first, stores .cs). Does a cache policy close issue 4's last 0.2-0.3% at BLOCK
# 4096 (bench/results/2026-12-07-carveout-sweep-871bbb4-h100.txt) without costing elsewhere?
# Timed by launch_overhead.cu in alternating rounds (TSM_ROUNDS), L2 cleared before each call.
# A development tool for the GPU machine (nvcc, python3 with triton and torch):
#   bash scripts/gpu/cache_variants.sh TILESMITH_BINARY OUT_DIR [ROUNDS]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tsm=$1 out=$2 rounds=${3:-48}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
mkdir -p "$out/cubins" && out=$(cd "$out" && pwd)
cd "$out/cubins" || exit 1
(cd "$root" && python3 scripts/gpu/small_kernel_durations.py --dump "$out/cubins") > ../triton_cubins.log 2>&1
"$nvcc" -O2 -arch=sm_90 "$root/scripts/gpu/launch_overhead.cu" -lcuda -o launch_overhead > ../nvcc.log 2>&1
# kernel name, file, signature less BLOCK_SIZE
kernels=("swish swish_kernel bench/gpu/swish.py x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0"
         "add add_kernel bench/gpu/vector_add.py x_ptr=*fp32:16, y_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16")
variants=("load_cg TSM_LOAD_QUALS_0 .cg" "load_cs TSM_LOAD_QUALS_0 .cs" "load_no_allocate TSM_LOAD_QUALS_0 .L1::no_allocate"
          "load_evict_first TSM_LOAD_QUALS_0 .L1::evict_first" "store_cs TSM_STORE_QUALS_0 .cs")
for block in 4096 1024; do
    for k in "${kernels[@]}"; do
        read -r short fn file sig <<< "$k"
        sig="$sig, BLOCK_SIZE=$block"
        base=tsm_${short}${block}
        "$tsm" emit "$root/$file" --kernel "$fn" --signature "$sig" --arch sm_90 --cubin "$base.cubin" 2>> ../emit.log
        "$tsm" emit "$root/$file" --kernel "$fn" --signature "$sig" --arch sm_90 --cuda --standalone > "$base.cu" 2>> ../emit.log
        specs=("nvrtc=$base.cubin:$fn:$block:128")
        triton=triton_${short}_${block}.cubin # small_kernel_durations.py --dump's names
        [ -s "$triton" ] && specs=("triton=$triton:$fn:$block:128" "${specs[@]}")
        for v in as_is "${variants[@]}"; do
            read -r name macro qual <<< "$v"
            src=$base.cu
            if [ "$name" != as_is ]; then
                src=${base}_$name.cu
                sed "s|#define $macro \"\"|#define $macro \"$qual\"|" "$base.cu" > "$src"
                cmp -s "$base.cu" "$src" && { echo "$src: $macro not found" >> ../emit.log; continue; }
            fi
            "$nvcc" -cubin -arch=sm_90 -std=c++17 "$src" -o "${src%.cu}.cubin" >> ../nvcc.log 2>&1 || continue
            specs+=("nvcc_$name=${src%.cu}.cubin:$fn:$block:128")
        done
        [ -s "$triton" ] && specs+=("triton_again=$triton:$fn:$block:128")
        echo "=== $short BLOCK_SIZE $block, 2^28 fp32, $rounds alternating rounds" | tee -a ../summary.txt
        TSM_ROUNDS=$rounds ./launch_overhead $((1 << 28)) "${specs[@]}" 2>&1 | tee -a ../summary.txt
    done
done
