# Layer norm forward (tutorial 05's kernel): loops over the row with carried blocks, rsqrt,
# fp16 input converted to fp32, mean and rstd stored per row.
# SIGNATURE: _layer_norm_fwd_fused(X=*fp16:16, Y=*fp16:16, W=*fp16:16, B=*fp16:16, Mean=*fp32:16, Rstd=*fp32:16, stride=i32:16, N=i32, eps=fp32, BLOCK_SIZE=256)
import triton
import triton.language as tl


@triton.jit
def _layer_norm_fwd_fused(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    mean = 0
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)

# ---- DUMP ----
# kernel @_layer_norm_fwd_fused(%X: ptr<fp16>, %Y: ptr<fp16>, %W: ptr<fp16>, %B: ptr<fp16>, %Mean: ptr<fp32>, %Rstd: ptr<fp32>, %stride: i32, %N: i32, %eps: fp32, BLOCK_SIZE: constexpr) num_warps=4 {
#   %row = program_id {axis = 0} : i32  # L10
#   %10 = mul %row, %stride : i32  # L11
#   %Y_1 = addptr %Y, %10 : ptr<fp16>  # L11
#   %12 = mul %row, %stride : i32  # L12
#   %X_1 = addptr %X, %12 : ptr<fp16>  # L12
#   %_mean = constant 0.0 : <256xfp32>  # L14
#   %15 = constant 0 : i32  # L15
#   %16 = constant 256 : i32  # L15
#   %_mean_1 = for %15, %N, %16, %_mean : <256xfp32> {  # L15
#   ^(%off: i32, %_mean_2: <256xfp32>):
#     %19 = make_range {range = [0, 256]} : <256xi32>  # L16
#     %20 = splat %off : <256xi32>  # L16
#     %cols = add %20, %19 : <256xi32>  # L16
#     %22 = splat %X_1 : <256xptr<fp16>>  # L17
#     %23 = addptr %22, %cols : <256xptr<fp16>>  # L17
#     %24 = splat %N : <256xi32>  # L17
#     %25 = cmp %cols, %24 {predicate = lt} : <256xi1>  # L17
#     %26 = constant 0.0 : fp32  # L17
#     %27 = cast %26 : fp16  # L17
#     %28 = splat %27 : <256xfp16>  # L17
#     %29 = load %23, %25, %28 : <256xfp16>  # L17
#     %a = cast %29 : <256xfp32>  # L17
#     %_mean_3 = add %_mean_2, %a : <256xfp32>  # L18
#     yield %_mean_3  # L15
#   }
#   %36 = reduce %_mean_1 {axis = 0} : fp32 {  # L19
#   ^(%33: fp32, %34: fp32):
#     %35 = add %33, %34 : fp32  # L19
#     yield %35  # L19
#   }
#   %37 = cast %N : fp32  # L19
#   %mean = fdiv %36, %37 : fp32  # L19
#   %_var = constant 0.0 : <256xfp32>  # L20
#   %40 = constant 0 : i32  # L21
#   %41 = constant 256 : i32  # L21
#   %_var_1 = for %40, %N, %41, %_var : <256xfp32> {  # L21
#   ^(%off_1: i32, %_var_2: <256xfp32>):
#     %44 = make_range {range = [0, 256]} : <256xi32>  # L22
#     %45 = splat %off_1 : <256xi32>  # L22
#     %cols_1 = add %45, %44 : <256xi32>  # L22
#     %47 = splat %X_1 : <256xptr<fp16>>  # L23
#     %48 = addptr %47, %cols_1 : <256xptr<fp16>>  # L23
#     %49 = splat %N : <256xi32>  # L23
#     %50 = cmp %cols_1, %49 {predicate = lt} : <256xi1>  # L23
#     %51 = constant 0.0 : fp32  # L23
#     %52 = cast %51 : fp16  # L23
#     %53 = splat %52 : <256xfp16>  # L23
#     %54 = load %48, %50, %53 : <256xfp16>  # L23
#     %x = cast %54 : <256xfp32>  # L23
#     %56 = splat %N : <256xi32>  # L24
#     %57 = cmp %cols_1, %56 {predicate = lt} : <256xi1>  # L24
#     %58 = splat %mean : <256xfp32>  # L24
#     %59 = sub %x, %58 : <256xfp32>  # L24
#     %60 = constant 0.0 : fp32  # L24
#     %61 = splat %60 : <256xfp32>  # L24
#     %x_1 = select %57, %59, %61 : <256xfp32>  # L24
#     %63 = mul %x_1, %x_1 : <256xfp32>  # L25
#     %_var_3 = add %_var_2, %63 : <256xfp32>  # L25
#     yield %_var_3  # L21
#   }
#   %69 = reduce %_var_1 {axis = 0} : fp32 {  # L26
#   ^(%66: fp32, %67: fp32):
#     %68 = add %66, %67 : fp32  # L26
#     yield %68  # L26
#   }
#   %70 = cast %N : fp32  # L26
#   %var = fdiv %69, %70 : fp32  # L26
#   %72 = add %var, %eps : fp32  # L27
#   %73 = math.sqrt %72 : fp32  # L27
#   %74 = constant 1.0 : fp32  # L27
#   %rstd = fdiv %74, %73 : fp32  # L27
#   %76 = addptr %Mean, %row : ptr<fp32>  # L28
#   store %76, %mean  # L28
#   %77 = addptr %Rstd, %row : ptr<fp32>  # L29
#   store %77, %rstd  # L29
#   %78 = constant 0 : i32  # L30
#   %79 = constant 256 : i32  # L30
#   for %78, %N, %79 : {  # L30
#   ^(%off_2: i32):
#     %81 = make_range {range = [0, 256]} : <256xi32>  # L31
#     %82 = splat %off_2 : <256xi32>  # L31
#     %cols_2 = add %82, %81 : <256xi32>  # L31
#     %84 = splat %N : <256xi32>  # L32
#     %mask = cmp %cols_2, %84 {predicate = lt} : <256xi1>  # L32
#     %86 = splat %W : <256xptr<fp16>>  # L33
#     %87 = addptr %86, %cols_2 : <256xptr<fp16>>  # L33
#     %w = load %87, %mask : <256xfp16>  # L33
#     %89 = splat %B : <256xptr<fp16>>  # L34
#     %90 = addptr %89, %cols_2 : <256xptr<fp16>>  # L34
#     %b = load %90, %mask : <256xfp16>  # L34
#     %92 = splat %X_1 : <256xptr<fp16>>  # L35
#     %93 = addptr %92, %cols_2 : <256xptr<fp16>>  # L35
#     %94 = constant 0.0 : fp32  # L35
#     %95 = cast %94 : fp16  # L35
#     %96 = splat %95 : <256xfp16>  # L35
#     %97 = load %93, %mask, %96 : <256xfp16>  # L35
#     %x_2 = cast %97 : <256xfp32>  # L35
#     %99 = splat %mean : <256xfp32>  # L36
#     %100 = sub %x_2, %99 : <256xfp32>  # L36
#     %101 = splat %rstd : <256xfp32>  # L36
#     %x_hat = mul %100, %101 : <256xfp32>  # L36
#     %103 = cast %w : <256xfp32>  # L37
#     %104 = mul %x_hat, %103 : <256xfp32>  # L37
#     %105 = cast %b : <256xfp32>  # L37
#     %y = add %104, %105 : <256xfp32>  # L37
#     %107 = splat %Y_1 : <256xptr<fp16>>  # L38
#     %108 = addptr %107, %cols_2 : <256xptr<fp16>>  # L38
#     %109 = cast %y : <256xfp16>  # L38
#     store %108, %109, %mask  # L38
#     yield  # L30
#   }
# }
