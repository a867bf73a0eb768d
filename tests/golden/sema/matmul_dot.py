# Blocked matmul with tl.dot (tutorial 03 without autotuning): grouped program ids, a K loop
# that carries the fp32 accumulator, 2-D pointer blocks built with [:, None] / [None, :].
# SIGNATURE: matmul_kernel(a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp16:16, M=i32, N=i32, K=i32, stride_am=i32:16, stride_ak=1, stride_bk=i32:16, stride_bn=1, stride_cm=i32:16, stride_cn=1, BLOCK_SIZE_M=64, BLOCK_SIZE_N=64, BLOCK_SIZE_K=32, GROUP_SIZE_M=8)
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(tl.float16)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)

# ---- DUMP ----
# kernel @matmul_kernel(%a_ptr: ptr<fp16>, %b_ptr: ptr<fp16>, %c_ptr: ptr<fp16>, %M: i32, %N: i32, %K: i32, %stride_am: i32, stride_ak: folded, %stride_bk: i32, stride_bn: folded, %stride_cm: i32, stride_cn: folded, BLOCK_SIZE_M: constexpr, BLOCK_SIZE_N: constexpr, BLOCK_SIZE_K: constexpr, GROUP_SIZE_M: constexpr) num_warps=4 {
#   %pid = program_id {axis = 0} : i32  # L12
#   %10 = constant 64 : i32  # L13
#   %11 = add %M, %10 : i32  # L13
#   %12 = constant 1 : i32  # L13
#   %13 = sub %11, %12 : i32  # L13
#   %14 = constant 64 : i32  # L13
#   %num_pid_m = idiv %13, %14 : i32  # L13
#   %16 = constant 64 : i32  # L14
#   %17 = add %N, %16 : i32  # L14
#   %18 = constant 1 : i32  # L14
#   %19 = sub %17, %18 : i32  # L14
#   %20 = constant 64 : i32  # L14
#   %num_pid_n = idiv %19, %20 : i32  # L14
#   %22 = constant 8 : i32  # L15
#   %num_pid_in_group = mul %22, %num_pid_n : i32  # L15
#   %group_id = idiv %pid, %num_pid_in_group : i32  # L16
#   %25 = constant 8 : i32  # L17
#   %first_pid_m = mul %group_id, %25 : i32  # L17
#   %27 = sub %num_pid_m, %first_pid_m : i32  # L18
#   %28 = constant 8 : i32  # L18
#   %group_size_m = min %27, %28 : i32  # L18
#   %30 = irem %pid, %num_pid_in_group : i32  # L19
#   %31 = irem %30, %group_size_m : i32  # L19
#   %pid_m = add %first_pid_m, %31 : i32  # L19
#   %33 = irem %pid, %num_pid_in_group : i32  # L20
#   %pid_n = idiv %33, %group_size_m : i32  # L20
#   %35 = constant 64 : i32  # L21
#   %36 = mul %pid_m, %35 : i32  # L21
#   %37 = make_range {range = [0, 64]} : <64xi32>  # L21
#   %38 = splat %36 : <64xi32>  # L21
#   %39 = add %38, %37 : <64xi32>  # L21
#   %40 = splat %M : <64xi32>  # L21
#   %offs_am = irem %39, %40 : <64xi32>  # L21
#   %42 = constant 64 : i32  # L22
#   %43 = mul %pid_n, %42 : i32  # L22
#   %44 = make_range {range = [0, 64]} : <64xi32>  # L22
#   %45 = splat %43 : <64xi32>  # L22
#   %46 = add %45, %44 : <64xi32>  # L22
#   %47 = splat %N : <64xi32>  # L22
#   %offs_bn = irem %46, %47 : <64xi32>  # L22
#   %offs_k = make_range {range = [0, 32]} : <32xi32>  # L23
#   %50 = expand_dims %offs_am {axis = 1} : <64x1xi32>  # L24
#   %51 = splat %stride_am : <64x1xi32>  # L24
#   %52 = mul %50, %51 : <64x1xi32>  # L24
#   %53 = expand_dims %offs_k {axis = 0} : <1x32xi32>  # L24
#   %54 = constant 1 : i32  # L24
#   %55 = splat %54 : <1x32xi32>  # L24
#   %56 = mul %53, %55 : <1x32xi32>  # L24
#   %57 = broadcast %52 : <64x32xi32>  # L24
#   %58 = broadcast %56 : <64x32xi32>  # L24
#   %59 = add %57, %58 : <64x32xi32>  # L24
#   %60 = splat %a_ptr : <64x32xptr<fp16>>  # L24
#   %a_ptrs = addptr %60, %59 : <64x32xptr<fp16>>  # L24
#   %62 = expand_dims %offs_k {axis = 1} : <32x1xi32>  # L25
#   %63 = splat %stride_bk : <32x1xi32>  # L25
#   %64 = mul %62, %63 : <32x1xi32>  # L25
#   %65 = expand_dims %offs_bn {axis = 0} : <1x64xi32>  # L25
#   %66 = constant 1 : i32  # L25
#   %67 = splat %66 : <1x64xi32>  # L25
#   %68 = mul %65, %67 : <1x64xi32>  # L25
#   %69 = broadcast %64 : <32x64xi32>  # L25
#   %70 = broadcast %68 : <32x64xi32>  # L25
#   %71 = add %69, %70 : <32x64xi32>  # L25
#   %72 = splat %b_ptr : <32x64xptr<fp16>>  # L25
#   %b_ptrs = addptr %72, %71 : <32x64xptr<fp16>>  # L25
#   %accumulator = constant 0.0 : <64x64xfp32>  # L26
#   %75 = constant 32 : i32  # L27
#   %76 = add %K, %75 : i32  # L27
#   %77 = constant 1 : i32  # L27
#   %78 = sub %76, %77 : i32  # L27
#   %79 = constant 32 : i32  # L27
#   %80 = idiv %78, %79 : i32  # L27
#   %81 = constant 0 : i32  # L27
#   %82 = constant 1 : i32  # L27
#   %a_ptrs_1, %accumulator_1, %b_ptrs_1 = for %81, %80, %82, %a_ptrs, %accumulator, %b_ptrs : <64x32xptr<fp16>>, <64x64xfp32>, <32x64xptr<fp16>> {  # L27
#   ^(%k: i32, %a_ptrs_2: <64x32xptr<fp16>>, %accumulator_2: <64x64xfp32>, %b_ptrs_2: <32x64xptr<fp16>>):
#     %87 = expand_dims %offs_k {axis = 0} : <1x32xi32>  # L28
#     %88 = constant 32 : i32  # L28
#     %89 = mul %k, %88 : i32  # L28
#     %90 = sub %K, %89 : i32  # L28
#     %91 = splat %90 : <1x32xi32>  # L28
#     %92 = cmp %87, %91 {predicate = lt} : <1x32xi1>  # L28
#     %93 = broadcast %92 : <64x32xi1>  # L28
#     %94 = constant 0.0 : fp32  # L28
#     %95 = cast %94 : fp16  # L28
#     %96 = splat %95 : <64x32xfp16>  # L28
#     %a = load %a_ptrs_2, %93, %96 : <64x32xfp16>  # L28
#     %98 = expand_dims %offs_k {axis = 1} : <32x1xi32>  # L29
#     %99 = constant 32 : i32  # L29
#     %100 = mul %k, %99 : i32  # L29
#     %101 = sub %K, %100 : i32  # L29
#     %102 = splat %101 : <32x1xi32>  # L29
#     %103 = cmp %98, %102 {predicate = lt} : <32x1xi1>  # L29
#     %104 = broadcast %103 : <32x64xi1>  # L29
#     %105 = constant 0.0 : fp32  # L29
#     %106 = cast %105 : fp16  # L29
#     %107 = splat %106 : <32x64xfp16>  # L29
#     %b = load %b_ptrs_2, %104, %107 : <32x64xfp16>  # L29
#     %accumulator_3 = dot %a, %b, %accumulator_2 {input_precision = ieee, out = fp32} : <64x64xfp32>  # L30
#     %110 = constant 32 : i32  # L31
#     %111 = splat %110 : <64x32xi32>  # L31
#     %a_ptrs_3 = addptr %a_ptrs_2, %111 : <64x32xptr<fp16>>  # L31
#     %113 = constant 32 : i32  # L32
#     %114 = mul %113, %stride_bk : i32  # L32
#     %115 = splat %114 : <32x64xi32>  # L32
#     %b_ptrs_3 = addptr %b_ptrs_2, %115 : <32x64xptr<fp16>>  # L32
#     yield %a_ptrs_3, %accumulator_3, %b_ptrs_3  # L27
#   }
#   %c = cast %accumulator_1 : <64x64xfp16>  # L33
#   %121 = constant 64 : i32  # L34
#   %122 = mul %pid_m, %121 : i32  # L34
#   %123 = make_range {range = [0, 64]} : <64xi32>  # L34
#   %124 = splat %122 : <64xi32>  # L34
#   %offs_cm = add %124, %123 : <64xi32>  # L34
#   %126 = constant 64 : i32  # L35
#   %127 = mul %pid_n, %126 : i32  # L35
#   %128 = make_range {range = [0, 64]} : <64xi32>  # L35
#   %129 = splat %127 : <64xi32>  # L35
#   %offs_cn = add %129, %128 : <64xi32>  # L35
#   %131 = expand_dims %offs_cm {axis = 1} : <64x1xi32>  # L36
#   %132 = splat %stride_cm : <64x1xi32>  # L36
#   %133 = mul %132, %131 : <64x1xi32>  # L36
#   %134 = splat %c_ptr : <64x1xptr<fp16>>  # L36
#   %135 = addptr %134, %133 : <64x1xptr<fp16>>  # L36
#   %136 = expand_dims %offs_cn {axis = 0} : <1x64xi32>  # L36
#   %137 = constant 1 : i32  # L36
#   %138 = splat %137 : <1x64xi32>  # L36
#   %139 = mul %138, %136 : <1x64xi32>  # L36
#   %140 = broadcast %135 : <64x64xptr<fp16>>  # L36
#   %141 = broadcast %139 : <64x64xi32>  # L36
#   %c_ptrs = addptr %140, %141 : <64x64xptr<fp16>>  # L36
#   %143 = expand_dims %offs_cm {axis = 1} : <64x1xi32>  # L37
#   %144 = splat %M : <64x1xi32>  # L37
#   %145 = cmp %143, %144 {predicate = lt} : <64x1xi1>  # L37
#   %146 = expand_dims %offs_cn {axis = 0} : <1x64xi32>  # L37
#   %147 = splat %N : <1x64xi32>  # L37
#   %148 = cmp %146, %147 {predicate = lt} : <1x64xi1>  # L37
#   %149 = broadcast %145 : <64x64xi1>  # L37
#   %150 = broadcast %148 : <64x64xi1>  # L37
#   %c_mask = and %149, %150 : <64x64xi1>  # L37
#   store %c_ptrs, %c, %c_mask  # L38
# }
