# A Triton program in the style of the tutorials: vector add, fused softmax and a blocked
# matmul, each with a torch reference, a test and a benchmark.
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    output = torch.empty_like(x)
    assert x.device == DEVICE and y.device == DEVICE and output.device == DEVICE
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
    return output


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        tl.store(output_row_start_ptr + col_offsets, softmax_output, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 8 if BLOCK_SIZE >= 2048 else 4
    y = torch.empty_like(x)
    softmax_kernel[(n_rows, )](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                               num_stages=2, num_warps=num_warps)
    return y


def get_autotune_config():
    return [
        triton.Config({'BLOCK_SIZE_M': m, 'BLOCK_SIZE_N': n, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8},
                      num_stages=s, num_warps=w) for m, n, s, w in [(128, 256, 3, 8), (64, 64, 4, 4)]
    ]


@triton.autotune(configs=get_autotune_config(), key=['M', 'N', 'K'])
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr, ACTIVATION: tl.constexpr):
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
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(tl.float16)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


def matmul(a, b, activation=""):
    assert a.shape[1] == b.shape[0], "Incompatible dimensions"
    assert a.is_contiguous(), "Matrix A must be contiguous"
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) * triton.cdiv(N, META['BLOCK_SIZE_N']), )
    matmul_kernel[grid](
        a, b, c,
        M, N, K,
        a.stride(0), a.stride(1),
        b.stride(0), b.stride(1),
        c.stride(0), c.stride(1),
        ACTIVATION=activation,
    )
    return c


def test_add():
    torch.manual_seed(0)
    size = 98432
    x = torch.rand(size, device=DEVICE)
    y = torch.rand(size, device=DEVICE)
    output_torch = x + y
    output_triton = add(x, y)
    print(f'The maximum difference between torch and triton is '
          f'{torch.max(torch.abs(output_torch - output_triton))}')


@triton.testing.perf_report(
    triton.testing.Benchmark(
        x_names=['size'],
        x_vals=[2**i for i in range(12, 28, 1)],
        x_log=True,
        line_arg='provider',
        line_vals=['triton', 'torch'],
        line_names=['Triton', 'Torch'],
        styles=[('blue', '-'), ('green', '-')],
        ylabel='GB/s',
        plot_name='vector-add-performance',
        args={},
    ))
def benchmark(size, provider):
    x = torch.rand(size, device=DEVICE, dtype=torch.float32)
    y = torch.rand(size, device=DEVICE, dtype=torch.float32)
    quantiles = [0.5, 0.2, 0.8]
    if provider == 'torch':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: x + y, quantiles=quantiles)
    elif provider == 'triton':
        ms, min_ms, max_ms = triton.testing.do_bench(lambda: add(x, y), quantiles=quantiles)
    gbps = lambda ms: 3 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
    return gbps(ms), gbps(max_ms), gbps(min_ms)


if __name__ == "__main__":
    test_add()
    x = torch.randn(1823, 781, device=DEVICE)
    torch.testing.assert_close(softmax(x), torch.softmax(x, axis=1))
    a = torch.randn((512, 512), device=DEVICE, dtype=torch.float16)
    b = torch.randn((512, 512), device=DEVICE, dtype=torch.float16)
    if torch.allclose(matmul(a, b), torch.matmul(a, b), atol=1e-2, rtol=0):
        print("✅ Triton and Torch match")
    else:
        print("❌ Triton and Torch differ")
    benchmark.run(print_data=True, show_plots=False)

# ---- DUMP ----
# Module
#   Import [3:1-3:13]
#     Alias [3:8-3:13] name=torch
#   Import [5:1-5:14]
#     Alias [5:8-5:14] name=triton
#   Import [6:1-6:29]
#     Alias [6:8-6:29] name=triton.language asname=tl
#   Assign [8:1-8:64]
#     targets:
#       Name [8:1-8:7] id=DEVICE ctx=Store
#     value:
#       Call [8:10-8:64]
#         Attribute [8:10-8:62] attr=get_active_torch_device ctx=Load
#           Attribute [8:10-8:38] attr=active ctx=Load
#             Attribute [8:10-8:31] attr=driver ctx=Load
#               Attribute [8:10-8:24] attr=runtime ctx=Load
#                 Name [8:10-8:16] id=triton ctx=Load
#   FunctionDef [11:1-19:53] name=add_kernel
#     decorators:
#       Attribute [11:2-11:12] attr=jit ctx=Load
#         Name [11:2-11:8] id=triton ctx=Load
#     args:
#       Param [12:16-12:21] name=x_ptr kind=Normal
#       Param [12:23-12:28] name=y_ptr kind=Normal
#       Param [12:30-12:40] name=output_ptr kind=Normal
#       Param [12:42-12:52] name=n_elements kind=Normal
#       Param [12:54-12:78] name=BLOCK_SIZE kind=Normal
#         annotation:
#           Attribute [12:66-12:78] attr=constexpr ctx=Load
#             Name [12:66-12:68] id=tl ctx=Load
#     body:
#       Assign [13:5-13:32]
#         targets:
#           Name [13:5-13:8] id=pid ctx=Store
#         value:
#           Call [13:11-13:32]
#             Attribute [13:11-13:24] attr=program_id ctx=Load
#               Name [13:11-13:13] id=tl ctx=Load
#             keywords:
#               Keyword [13:25-13:31] name=axis
#                 Constant [13:30-13:31] Int 0
#       Assign [14:5-14:35]
#         targets:
#           Name [14:5-14:16] id=block_start ctx=Store
#         value:
#           BinOp [14:19-14:35] op=*
#             Name [14:19-14:22] id=pid ctx=Load
#             Name [14:25-14:35] id=BLOCK_SIZE ctx=Load
#       Assign [15:5-15:53]
#         targets:
#           Name [15:5-15:12] id=offsets ctx=Store
#         value:
#           BinOp [15:15-15:53] op=+
#             Name [15:15-15:26] id=block_start ctx=Load
#             Call [15:29-15:53]
#               Attribute [15:29-15:38] attr=arange ctx=Load
#                 Name [15:29-15:31] id=tl ctx=Load
#               args:
#                 Constant [15:39-15:40] Int 0
#                 Name [15:42-15:52] id=BLOCK_SIZE ctx=Load
#       Assign [16:5-16:32]
#         targets:
#           Name [16:5-16:9] id=mask ctx=Store
#         value:
#           Compare [16:12-16:32] ops=[<]
#             Name [16:12-16:19] id=offsets ctx=Load
#             Name [16:22-16:32] id=n_elements ctx=Load
#       Assign [17:5-17:44]
#         targets:
#           Name [17:5-17:6] id=x ctx=Store
#         value:
#           Call [17:9-17:44]
#             Attribute [17:9-17:16] attr=load ctx=Load
#               Name [17:9-17:11] id=tl ctx=Load
#             args:
#               BinOp [17:17-17:32] op=+
#                 Name [17:17-17:22] id=x_ptr ctx=Load
#                 Name [17:25-17:32] id=offsets ctx=Load
#             keywords:
#               Keyword [17:34-17:43] name=mask
#                 Name [17:39-17:43] id=mask ctx=Load
#       Assign [18:5-18:44]
#         targets:
#           Name [18:5-18:6] id=y ctx=Store
#         value:
#           Call [18:9-18:44]
#             Attribute [18:9-18:16] attr=load ctx=Load
#               Name [18:9-18:11] id=tl ctx=Load
#             args:
#               BinOp [18:17-18:32] op=+
#                 Name [18:17-18:22] id=y_ptr ctx=Load
#                 Name [18:25-18:32] id=offsets ctx=Load
#             keywords:
#               Keyword [18:34-18:43] name=mask
#                 Name [18:39-18:43] id=mask ctx=Load
#       ExprStmt [19:5-19:53]
#         Call [19:5-19:53]
#           Attribute [19:5-19:13] attr=store ctx=Load
#             Name [19:5-19:7] id=tl ctx=Load
#           args:
#             BinOp [19:14-19:34] op=+
#               Name [19:14-19:24] id=output_ptr ctx=Load
#               Name [19:27-19:34] id=offsets ctx=Load
#             BinOp [19:36-19:41] op=+
#               Name [19:36-19:37] id=x ctx=Load
#               Name [19:40-19:41] id=y ctx=Load
#           keywords:
#             Keyword [19:43-19:52] name=mask
#               Name [19:48-19:52] id=mask ctx=Load
#   FunctionDef [22:1-28:18] name=add
#     args:
#       Param [22:9-22:24] name=x kind=Normal
#         annotation:
#           Attribute [22:12-22:24] attr=Tensor ctx=Load
#             Name [22:12-22:17] id=torch ctx=Load
#       Param [22:26-22:41] name=y kind=Normal
#         annotation:
#           Attribute [22:29-22:41] attr=Tensor ctx=Load
#             Name [22:29-22:34] id=torch ctx=Load
#     body:
#       Assign [23:5-23:33]
#         targets:
#           Name [23:5-23:11] id=output ctx=Store
#         value:
#           Call [23:14-23:33]
#             Attribute [23:14-23:30] attr=empty_like ctx=Load
#               Name [23:14-23:19] id=torch ctx=Load
#             args:
#               Name [23:31-23:32] id=x ctx=Load
#       Assert [24:5-24:81]
#         BoolOp [24:12-24:81] op=and
#           Compare [24:12-24:30] ops=[==]
#             Attribute [24:12-24:20] attr=device ctx=Load
#               Name [24:12-24:13] id=x ctx=Load
#             Name [24:24-24:30] id=DEVICE ctx=Load
#           Compare [24:35-24:53] ops=[==]
#             Attribute [24:35-24:43] attr=device ctx=Load
#               Name [24:35-24:36] id=y ctx=Load
#             Name [24:47-24:53] id=DEVICE ctx=Load
#           Compare [24:58-24:81] ops=[==]
#             Attribute [24:58-24:71] attr=device ctx=Load
#               Name [24:58-24:64] id=output ctx=Load
#             Name [24:75-24:81] id=DEVICE ctx=Load
#       Assign [25:5-25:32]
#         targets:
#           Name [25:5-25:15] id=n_elements ctx=Store
#         value:
#           Call [25:18-25:32]
#             Attribute [25:18-25:30] attr=numel ctx=Load
#               Name [25:18-25:24] id=output ctx=Load
#       Assign [26:5-26:72]
#         targets:
#           Name [26:5-26:9] id=grid ctx=Store
#         value:
#           Lambda [26:12-26:72]
#             args:
#               Param [26:19-26:23] name=meta kind=Normal
#             body:
#               Tuple [26:25-26:72] ctx=Load parenthesized
#                 Call [26:26-26:69]
#                   Attribute [26:26-26:37] attr=cdiv ctx=Load
#                     Name [26:26-26:32] id=triton ctx=Load
#                   args:
#                     Name [26:38-26:48] id=n_elements ctx=Load
#                     Subscript [26:50-26:68] ctx=Load
#                       Name [26:50-26:54] id=meta ctx=Load
#                       Constant [26:55-26:67] String "BLOCK_SIZE"
#       ExprStmt [27:5-27:64]
#         Call [27:5-27:64]
#           Subscript [27:5-27:21] ctx=Load
#             Name [27:5-27:15] id=add_kernel ctx=Load
#             Name [27:16-27:20] id=grid ctx=Load
#           args:
#             Name [27:22-27:23] id=x ctx=Load
#             Name [27:25-27:26] id=y ctx=Load
#             Name [27:28-27:34] id=output ctx=Load
#             Name [27:36-27:46] id=n_elements ctx=Load
#           keywords:
#             Keyword [27:48-27:63] name=BLOCK_SIZE
#               Constant [27:59-27:63] Int 1024
#       Return [28:5-28:18]
#         Name [28:12-28:18] id=output ctx=Load
#   FunctionDef [31:1-47:80] name=softmax_kernel
#     decorators:
#       Attribute [31:2-31:12] attr=jit ctx=Load
#         Name [31:2-31:8] id=triton ctx=Load
#     args:
#       Param [32:20-32:30] name=output_ptr kind=Normal
#       Param [32:32-32:41] name=input_ptr kind=Normal
#       Param [32:43-32:59] name=input_row_stride kind=Normal
#       Param [32:61-32:78] name=output_row_stride kind=Normal
#       Param [32:80-32:86] name=n_rows kind=Normal
#       Param [32:88-32:94] name=n_cols kind=Normal
#       Param [33:20-33:44] name=BLOCK_SIZE kind=Normal
#         annotation:
#           Attribute [33:32-33:44] attr=constexpr ctx=Load
#             Name [33:32-33:34] id=tl ctx=Load
#       Param [33:46-33:70] name=num_stages kind=Normal
#         annotation:
#           Attribute [33:58-33:70] attr=constexpr ctx=Load
#             Name [33:58-33:60] id=tl ctx=Load
#     body:
#       Assign [34:5-34:33]
#         targets:
#           Name [34:5-34:14] id=row_start ctx=Store
#         value:
#           Call [34:17-34:33]
#             Attribute [34:17-34:30] attr=program_id ctx=Load
#               Name [34:17-34:19] id=tl ctx=Load
#             args:
#               Constant [34:31-34:32] Int 0
#       Assign [35:5-35:34]
#         targets:
#           Name [35:5-35:13] id=row_step ctx=Store
#         value:
#           Call [35:16-35:34]
#             Attribute [35:16-35:31] attr=num_programs ctx=Load
#               Name [35:16-35:18] id=tl ctx=Load
#             args:
#               Constant [35:32-35:33] Int 0
#       For [36:5-47:80]
#         Name [36:9-36:16] id=row_idx ctx=Store
#         Call [36:20-36:80]
#           Attribute [36:20-36:28] attr=range ctx=Load
#             Name [36:20-36:22] id=tl ctx=Load
#           args:
#             Name [36:29-36:38] id=row_start ctx=Load
#             Name [36:40-36:46] id=n_rows ctx=Load
#             Name [36:48-36:56] id=row_step ctx=Load
#           keywords:
#             Keyword [36:58-36:79] name=num_stages
#               Name [36:69-36:79] id=num_stages ctx=Load
#         body:
#           Assign [37:9-37:63]
#             targets:
#               Name [37:9-37:22] id=row_start_ptr ctx=Store
#             value:
#               BinOp [37:25-37:63] op=+
#                 Name [37:25-37:34] id=input_ptr ctx=Load
#                 BinOp [37:37-37:63] op=*
#                   Name [37:37-37:44] id=row_idx ctx=Load
#                   Name [37:47-37:63] id=input_row_stride ctx=Load
#           Assign [38:9-38:47]
#             targets:
#               Name [38:9-38:20] id=col_offsets ctx=Store
#             value:
#               Call [38:23-38:47]
#                 Attribute [38:23-38:32] attr=arange ctx=Load
#                   Name [38:23-38:25] id=tl ctx=Load
#                 args:
#                   Constant [38:33-38:34] Int 0
#                   Name [38:36-38:46] id=BLOCK_SIZE ctx=Load
#           Assign [39:9-39:49]
#             targets:
#               Name [39:9-39:19] id=input_ptrs ctx=Store
#             value:
#               BinOp [39:22-39:49] op=+
#                 Name [39:22-39:35] id=row_start_ptr ctx=Load
#                 Name [39:38-39:49] id=col_offsets ctx=Load
#           Assign [40:9-40:36]
#             targets:
#               Name [40:9-40:13] id=mask ctx=Store
#             value:
#               Compare [40:16-40:36] ops=[<]
#                 Name [40:16-40:27] id=col_offsets ctx=Load
#                 Name [40:30-40:36] id=n_cols ctx=Load
#           Assign [41:9-41:66]
#             targets:
#               Name [41:9-41:12] id=row ctx=Store
#             value:
#               Call [41:15-41:66]
#                 Attribute [41:15-41:22] attr=load ctx=Load
#                   Name [41:15-41:17] id=tl ctx=Load
#                 args:
#                   Name [41:23-41:33] id=input_ptrs ctx=Load
#                 keywords:
#                   Keyword [41:35-41:44] name=mask
#                     Name [41:40-41:44] id=mask ctx=Load
#                   Keyword [41:46-41:65] name=other
#                     UnaryOp [41:52-41:65] op=-
#                       Call [41:53-41:65]
#                         Name [41:53-41:58] id=float ctx=Load
#                         args:
#                           Constant [41:59-41:64] String "inf"
#           Assign [42:9-42:50]
#             targets:
#               Name [42:9-42:22] id=row_minus_max ctx=Store
#             value:
#               BinOp [42:25-42:50] op=-
#                 Name [42:25-42:28] id=row ctx=Load
#                 Call [42:31-42:50]
#                   Attribute [42:31-42:37] attr=max ctx=Load
#                     Name [42:31-42:33] id=tl ctx=Load
#                   args:
#                     Name [42:38-42:41] id=row ctx=Load
#                   keywords:
#                     Keyword [42:43-42:49] name=axis
#                       Constant [42:48-42:49] Int 0
#           Assign [43:9-43:42]
#             targets:
#               Name [43:9-43:18] id=numerator ctx=Store
#             value:
#               Call [43:21-43:42]
#                 Attribute [43:21-43:27] attr=exp ctx=Load
#                   Name [43:21-43:23] id=tl ctx=Load
#                 args:
#                   Name [43:28-43:41] id=row_minus_max ctx=Load
#           Assign [44:9-44:48]
#             targets:
#               Name [44:9-44:20] id=denominator ctx=Store
#             value:
#               Call [44:23-44:48]
#                 Attribute [44:23-44:29] attr=sum ctx=Load
#                   Name [44:23-44:25] id=tl ctx=Load
#                 args:
#                   Name [44:30-44:39] id=numerator ctx=Load
#                 keywords:
#                   Keyword [44:41-44:47] name=axis
#                     Constant [44:46-44:47] Int 0
#           Assign [45:9-45:49]
#             targets:
#               Name [45:9-45:23] id=softmax_output ctx=Store
#             value:
#               BinOp [45:26-45:49] op=/
#                 Name [45:26-45:35] id=numerator ctx=Load
#                 Name [45:38-45:49] id=denominator ctx=Load
#           Assign [46:9-46:72]
#             targets:
#               Name [46:9-46:29] id=output_row_start_ptr ctx=Store
#             value:
#               BinOp [46:32-46:72] op=+
#                 Name [46:32-46:42] id=output_ptr ctx=Load
#                 BinOp [46:45-46:72] op=*
#                   Name [46:45-46:52] id=row_idx ctx=Load
#                   Name [46:55-46:72] id=output_row_stride ctx=Load
#           ExprStmt [47:9-47:80]
#             Call [47:9-47:80]
#               Attribute [47:9-47:17] attr=store ctx=Load
#                 Name [47:9-47:11] id=tl ctx=Load
#               args:
#                 BinOp [47:18-47:52] op=+
#                   Name [47:18-47:38] id=output_row_start_ptr ctx=Load
#                   Name [47:41-47:52] id=col_offsets ctx=Load
#                 Name [47:54-47:68] id=softmax_output ctx=Load
#               keywords:
#                 Keyword [47:70-47:79] name=mask
#                   Name [47:75-47:79] id=mask ctx=Load
#   FunctionDef [50:1-57:13] name=softmax
#     args:
#       Param [50:13-50:14] name=x kind=Normal
#     body:
#       Assign [51:5-51:29]
#         targets:
#           Tuple [51:5-51:19] ctx=Store
#             Name [51:5-51:11] id=n_rows ctx=Store
#             Name [51:13-51:19] id=n_cols ctx=Store
#         value:
#           Attribute [51:22-51:29] attr=shape ctx=Load
#             Name [51:22-51:23] id=x ctx=Load
#       Assign [52:5-52:48]
#         targets:
#           Name [52:5-52:15] id=BLOCK_SIZE ctx=Store
#         value:
#           Call [52:18-52:48]
#             Attribute [52:18-52:40] attr=next_power_of_2 ctx=Load
#               Name [52:18-52:24] id=triton ctx=Load
#             args:
#               Name [52:41-52:47] id=n_cols ctx=Load
#       Assign [53:5-53:47]
#         targets:
#           Name [53:5-53:14] id=num_warps ctx=Store
#         value:
#           IfExp [53:17-53:47]
#             test:
#               Compare [53:22-53:40] ops=[>=]
#                 Name [53:22-53:32] id=BLOCK_SIZE ctx=Load
#                 Constant [53:36-53:40] Int 2048
#             body:
#               Constant [53:17-53:18] Int 8
#             orelse:
#               Constant [53:46-53:47] Int 4
#       Assign [54:5-54:28]
#         targets:
#           Name [54:5-54:6] id=y ctx=Store
#         value:
#           Call [54:9-54:28]
#             Attribute [54:9-54:25] attr=empty_like ctx=Load
#               Name [54:9-54:14] id=torch ctx=Load
#             args:
#               Name [54:26-54:27] id=x ctx=Load
#       ExprStmt [55:5-56:66]
#         Call [55:5-56:66]
#           Subscript [55:5-55:31] ctx=Load
#             Name [55:5-55:19] id=softmax_kernel ctx=Load
#             Tuple [55:20-55:30] ctx=Load parenthesized
#               Name [55:21-55:27] id=n_rows ctx=Load
#           args:
#             Name [55:32-55:33] id=y ctx=Load
#             Name [55:35-55:36] id=x ctx=Load
#             Call [55:38-55:49]
#               Attribute [55:38-55:46] attr=stride ctx=Load
#                 Name [55:38-55:39] id=x ctx=Load
#               args:
#                 Constant [55:47-55:48] Int 0
#             Call [55:51-55:62]
#               Attribute [55:51-55:59] attr=stride ctx=Load
#                 Name [55:51-55:52] id=y ctx=Load
#               args:
#                 Constant [55:60-55:61] Int 0
#             Name [55:64-55:70] id=n_rows ctx=Load
#             Name [55:72-55:78] id=n_cols ctx=Load
#           keywords:
#             Keyword [55:80-55:101] name=BLOCK_SIZE
#               Name [55:91-55:101] id=BLOCK_SIZE ctx=Load
#             Keyword [56:32-56:44] name=num_stages
#               Constant [56:43-56:44] Int 2
#             Keyword [56:46-56:65] name=num_warps
#               Name [56:56-56:65] id=num_warps ctx=Load
#       Return [57:5-57:13]
#         Name [57:12-57:13] id=y ctx=Load
#   FunctionDef [60:1-64:6] name=get_autotune_config
#     body:
#       Return [61:5-64:6]
#         ListComp [61:12-64:6]
#           Call [62:9-63:49]
#             Attribute [62:9-62:22] attr=Config ctx=Load
#               Name [62:9-62:15] id=triton ctx=Load
#             args:
#               Dict [62:23-62:100]
#                 Constant [62:24-62:38] String "BLOCK_SIZE_M"
#                 Name [62:40-62:41] id=m ctx=Load
#                 Constant [62:43-62:57] String "BLOCK_SIZE_N"
#                 Name [62:59-62:60] id=n ctx=Load
#                 Constant [62:62-62:76] String "BLOCK_SIZE_K"
#                 Constant [62:78-62:80] Int 32
#                 Constant [62:82-62:96] String "GROUP_SIZE_M"
#                 Constant [62:98-62:99] Int 8
#             keywords:
#               Keyword [63:23-63:35] name=num_stages
#                 Name [63:34-63:35] id=s ctx=Load
#               Keyword [63:37-63:48] name=num_warps
#                 Name [63:47-63:48] id=w ctx=Load
#           comprehension:
#             Tuple [63:54-63:64] ctx=Store
#               Name [63:54-63:55] id=m ctx=Store
#               Name [63:57-63:58] id=n ctx=Store
#               Name [63:60-63:61] id=s ctx=Store
#               Name [63:63-63:64] id=w ctx=Store
#             List [63:68-63:102] ctx=Load
#               Tuple [63:69-63:85] ctx=Load parenthesized
#                 Constant [63:70-63:73] Int 128
#                 Constant [63:75-63:78] Int 256
#                 Constant [63:80-63:81] Int 3
#                 Constant [63:83-63:84] Int 8
#               Tuple [63:87-63:101] ctx=Load parenthesized
#                 Constant [63:88-63:90] Int 64
#                 Constant [63:92-63:94] Int 64
#                 Constant [63:96-63:97] Int 4
#                 Constant [63:99-63:100] Int 4
#   FunctionDef [67:1-103:37] name=matmul_kernel
#     decorators:
#       Call [67:2-67:69]
#         Attribute [67:2-67:17] attr=autotune ctx=Load
#           Name [67:2-67:8] id=triton ctx=Load
#         keywords:
#           Keyword [67:18-67:47] name=configs
#             Call [67:26-67:47]
#               Name [67:26-67:45] id=get_autotune_config ctx=Load
#           Keyword [67:49-67:68] name=key
#             List [67:53-67:68] ctx=Load
#               Constant [67:54-67:57] String "M"
#               Constant [67:59-67:62] String "N"
#               Constant [67:64-67:67] String "K"
#       Attribute [68:2-68:12] attr=jit ctx=Load
#         Name [68:2-68:8] id=triton ctx=Load
#     args:
#       Param [69:19-69:24] name=a_ptr kind=Normal
#       Param [69:26-69:31] name=b_ptr kind=Normal
#       Param [69:33-69:38] name=c_ptr kind=Normal
#       Param [69:40-69:41] name=M kind=Normal
#       Param [69:43-69:44] name=N kind=Normal
#       Param [69:46-69:47] name=K kind=Normal
#       Param [69:49-69:58] name=stride_am kind=Normal
#       Param [69:60-69:69] name=stride_ak kind=Normal
#       Param [69:71-69:80] name=stride_bk kind=Normal
#       Param [69:82-69:91] name=stride_bn kind=Normal
#       Param [70:19-70:28] name=stride_cm kind=Normal
#       Param [70:30-70:39] name=stride_cn kind=Normal
#       Param [70:41-70:67] name=BLOCK_SIZE_M kind=Normal
#         annotation:
#           Attribute [70:55-70:67] attr=constexpr ctx=Load
#             Name [70:55-70:57] id=tl ctx=Load
#       Param [70:69-70:95] name=BLOCK_SIZE_N kind=Normal
#         annotation:
#           Attribute [70:83-70:95] attr=constexpr ctx=Load
#             Name [70:83-70:85] id=tl ctx=Load
#       Param [71:19-71:45] name=BLOCK_SIZE_K kind=Normal
#         annotation:
#           Attribute [71:33-71:45] attr=constexpr ctx=Load
#             Name [71:33-71:35] id=tl ctx=Load
#       Param [71:47-71:73] name=GROUP_SIZE_M kind=Normal
#         annotation:
#           Attribute [71:61-71:73] attr=constexpr ctx=Load
#             Name [71:61-71:63] id=tl ctx=Load
#       Param [71:75-71:99] name=ACTIVATION kind=Normal
#         annotation:
#           Attribute [71:87-71:99] attr=constexpr ctx=Load
#             Name [71:87-71:89] id=tl ctx=Load
#     body:
#       Assign [72:5-72:32]
#         targets:
#           Name [72:5-72:8] id=pid ctx=Store
#         value:
#           Call [72:11-72:32]
#             Attribute [72:11-72:24] attr=program_id ctx=Load
#               Name [72:11-72:13] id=tl ctx=Load
#             keywords:
#               Keyword [72:25-72:31] name=axis
#                 Constant [72:30-72:31] Int 0
#       Assign [73:5-73:41]
#         targets:
#           Name [73:5-73:14] id=num_pid_m ctx=Store
#         value:
#           Call [73:17-73:41]
#             Attribute [73:17-73:24] attr=cdiv ctx=Load
#               Name [73:17-73:19] id=tl ctx=Load
#             args:
#               Name [73:25-73:26] id=M ctx=Load
#               Name [73:28-73:40] id=BLOCK_SIZE_M ctx=Load
#       Assign [74:5-74:41]
#         targets:
#           Name [74:5-74:14] id=num_pid_n ctx=Store
#         value:
#           Call [74:17-74:41]
#             Attribute [74:17-74:24] attr=cdiv ctx=Load
#               Name [74:17-74:19] id=tl ctx=Load
#             args:
#               Name [74:25-74:26] id=N ctx=Load
#               Name [74:28-74:40] id=BLOCK_SIZE_N ctx=Load
#       Assign [75:5-75:48]
#         targets:
#           Name [75:5-75:21] id=num_pid_in_group ctx=Store
#         value:
#           BinOp [75:24-75:48] op=*
#             Name [75:24-75:36] id=GROUP_SIZE_M ctx=Load
#             Name [75:39-75:48] id=num_pid_n ctx=Load
#       Assign [76:5-76:39]
#         targets:
#           Name [76:5-76:13] id=group_id ctx=Store
#         value:
#           BinOp [76:16-76:39] op=//
#             Name [76:16-76:19] id=pid ctx=Load
#             Name [76:23-76:39] id=num_pid_in_group ctx=Load
#       Assign [77:5-77:42]
#         targets:
#           Name [77:5-77:16] id=first_pid_m ctx=Store
#         value:
#           BinOp [77:19-77:42] op=*
#             Name [77:19-77:27] id=group_id ctx=Load
#             Name [77:30-77:42] id=GROUP_SIZE_M ctx=Load
#       Assign [78:5-78:62]
#         targets:
#           Name [78:5-78:17] id=group_size_m ctx=Store
#         value:
#           Call [78:20-78:62]
#             Name [78:20-78:23] id=min ctx=Load
#             args:
#               BinOp [78:24-78:47] op=-
#                 Name [78:24-78:33] id=num_pid_m ctx=Load
#                 Name [78:36-78:47] id=first_pid_m ctx=Load
#               Name [78:49-78:61] id=GROUP_SIZE_M ctx=Load
#       Assign [79:5-79:68]
#         targets:
#           Name [79:5-79:10] id=pid_m ctx=Store
#         value:
#           BinOp [79:13-79:68] op=+
#             Name [79:13-79:24] id=first_pid_m ctx=Load
#             BinOp [79:28-79:67] op=%
#               BinOp [79:29-79:51] op=%
#                 Name [79:29-79:32] id=pid ctx=Load
#                 Name [79:35-79:51] id=num_pid_in_group ctx=Load
#               Name [79:55-79:67] id=group_size_m ctx=Load
#       Assign [80:5-80:53]
#         targets:
#           Name [80:5-80:10] id=pid_n ctx=Store
#         value:
#           BinOp [80:13-80:53] op=//
#             BinOp [80:14-80:36] op=%
#               Name [80:14-80:17] id=pid ctx=Load
#               Name [80:20-80:36] id=num_pid_in_group ctx=Load
#             Name [80:41-80:53] id=group_size_m ctx=Load
#       Assign [82:5-82:70]
#         targets:
#           Name [82:5-82:12] id=offs_am ctx=Store
#         value:
#           BinOp [82:15-82:70] op=%
#             BinOp [82:16-82:65] op=+
#               BinOp [82:16-82:36] op=*
#                 Name [82:16-82:21] id=pid_m ctx=Load
#                 Name [82:24-82:36] id=BLOCK_SIZE_M ctx=Load
#               Call [82:39-82:65]
#                 Attribute [82:39-82:48] attr=arange ctx=Load
#                   Name [82:39-82:41] id=tl ctx=Load
#                 args:
#                   Constant [82:49-82:50] Int 0
#                   Name [82:52-82:64] id=BLOCK_SIZE_M ctx=Load
#             Name [82:69-82:70] id=M ctx=Load
#       Assign [83:5-83:70]
#         targets:
#           Name [83:5-83:12] id=offs_bn ctx=Store
#         value:
#           BinOp [83:15-83:70] op=%
#             BinOp [83:16-83:65] op=+
#               BinOp [83:16-83:36] op=*
#                 Name [83:16-83:21] id=pid_n ctx=Load
#                 Name [83:24-83:36] id=BLOCK_SIZE_N ctx=Load
#               Call [83:39-83:65]
#                 Attribute [83:39-83:48] attr=arange ctx=Load
#                   Name [83:39-83:41] id=tl ctx=Load
#                 args:
#                   Constant [83:49-83:50] Int 0
#                   Name [83:52-83:64] id=BLOCK_SIZE_N ctx=Load
#             Name [83:69-83:70] id=N ctx=Load
#       Assign [84:5-84:40]
#         targets:
#           Name [84:5-84:11] id=offs_k ctx=Store
#         value:
#           Call [84:14-84:40]
#             Attribute [84:14-84:23] attr=arange ctx=Load
#               Name [84:14-84:16] id=tl ctx=Load
#             args:
#               Constant [84:24-84:25] Int 0
#               Name [84:27-84:39] id=BLOCK_SIZE_K ctx=Load
#       Assign [85:5-85:82]
#         targets:
#           Name [85:5-85:11] id=a_ptrs ctx=Store
#         value:
#           BinOp [85:14-85:82] op=+
#             Name [85:14-85:19] id=a_ptr ctx=Load
#             BinOp [85:23-85:81] op=+
#               BinOp [85:23-85:51] op=*
#                 Subscript [85:23-85:39] ctx=Load
#                   Name [85:23-85:30] id=offs_am ctx=Load
#                   Tuple [85:31-85:38] ctx=Load
#                     Slice [85:31-85:32]
#                     Constant [85:34-85:38] None
#                 Name [85:42-85:51] id=stride_am ctx=Load
#               BinOp [85:54-85:81] op=*
#                 Subscript [85:54-85:69] ctx=Load
#                   Name [85:54-85:60] id=offs_k ctx=Load
#                   Tuple [85:61-85:68] ctx=Load
#                     Constant [85:61-85:65] None
#                     Slice [85:67-85:68]
#                 Name [85:72-85:81] id=stride_ak ctx=Load
#       Assign [86:5-86:82]
#         targets:
#           Name [86:5-86:11] id=b_ptrs ctx=Store
#         value:
#           BinOp [86:14-86:82] op=+
#             Name [86:14-86:19] id=b_ptr ctx=Load
#             BinOp [86:23-86:81] op=+
#               BinOp [86:23-86:50] op=*
#                 Subscript [86:23-86:38] ctx=Load
#                   Name [86:23-86:29] id=offs_k ctx=Load
#                   Tuple [86:30-86:37] ctx=Load
#                     Slice [86:30-86:31]
#                     Constant [86:33-86:37] None
#                 Name [86:41-86:50] id=stride_bk ctx=Load
#               BinOp [86:53-86:81] op=*
#                 Subscript [86:53-86:69] ctx=Load
#                   Name [86:53-86:60] id=offs_bn ctx=Load
#                   Tuple [86:61-86:68] ctx=Load
#                     Constant [86:61-86:65] None
#                     Slice [86:67-86:68]
#                 Name [86:72-86:81] id=stride_bn ctx=Load
#       Assign [88:5-88:75]
#         targets:
#           Name [88:5-88:16] id=accumulator ctx=Store
#         value:
#           Call [88:19-88:75]
#             Attribute [88:19-88:27] attr=zeros ctx=Load
#               Name [88:19-88:21] id=tl ctx=Load
#             args:
#               Tuple [88:28-88:56] ctx=Load parenthesized
#                 Name [88:29-88:41] id=BLOCK_SIZE_M ctx=Load
#                 Name [88:43-88:55] id=BLOCK_SIZE_N ctx=Load
#             keywords:
#               Keyword [88:58-88:74] name=dtype
#                 Attribute [88:64-88:74] attr=float32 ctx=Load
#                   Name [88:64-88:66] id=tl ctx=Load
#       For [89:5-94:43]
#         Name [89:9-89:10] id=k ctx=Store
#         Call [89:14-89:48]
#           Name [89:14-89:19] id=range ctx=Load
#           args:
#             Constant [89:20-89:21] Int 0
#             Call [89:23-89:47]
#               Attribute [89:23-89:30] attr=cdiv ctx=Load
#                 Name [89:23-89:25] id=tl ctx=Load
#               args:
#                 Name [89:31-89:32] id=K ctx=Load
#                 Name [89:34-89:46] id=BLOCK_SIZE_K ctx=Load
#         body:
#           Assign [90:9-90:84]
#             targets:
#               Name [90:9-90:10] id=a ctx=Store
#             value:
#               Call [90:13-90:84]
#                 Attribute [90:13-90:20] attr=load ctx=Load
#                   Name [90:13-90:15] id=tl ctx=Load
#                 args:
#                   Name [90:21-90:27] id=a_ptrs ctx=Load
#                 keywords:
#                   Keyword [90:29-90:72] name=mask
#                     Compare [90:34-90:72] ops=[<]
#                       Subscript [90:34-90:49] ctx=Load
#                         Name [90:34-90:40] id=offs_k ctx=Load
#                         Tuple [90:41-90:48] ctx=Load
#                           Constant [90:41-90:45] None
#                           Slice [90:47-90:48]
#                       BinOp [90:52-90:72] op=-
#                         Name [90:52-90:53] id=K ctx=Load
#                         BinOp [90:56-90:72] op=*
#                           Name [90:56-90:57] id=k ctx=Load
#                           Name [90:60-90:72] id=BLOCK_SIZE_K ctx=Load
#                   Keyword [90:74-90:83] name=other
#                     Constant [90:80-90:83] Float 0.0
#           Assign [91:9-91:84]
#             targets:
#               Name [91:9-91:10] id=b ctx=Store
#             value:
#               Call [91:13-91:84]
#                 Attribute [91:13-91:20] attr=load ctx=Load
#                   Name [91:13-91:15] id=tl ctx=Load
#                 args:
#                   Name [91:21-91:27] id=b_ptrs ctx=Load
#                 keywords:
#                   Keyword [91:29-91:72] name=mask
#                     Compare [91:34-91:72] ops=[<]
#                       Subscript [91:34-91:49] ctx=Load
#                         Name [91:34-91:40] id=offs_k ctx=Load
#                         Tuple [91:41-91:48] ctx=Load
#                           Slice [91:41-91:42]
#                           Constant [91:44-91:48] None
#                       BinOp [91:52-91:72] op=-
#                         Name [91:52-91:53] id=K ctx=Load
#                         BinOp [91:56-91:72] op=*
#                           Name [91:56-91:57] id=k ctx=Load
#                           Name [91:60-91:72] id=BLOCK_SIZE_K ctx=Load
#                   Keyword [91:74-91:83] name=other
#                     Constant [91:80-91:83] Float 0.0
#           Assign [92:9-92:48]
#             targets:
#               Name [92:9-92:20] id=accumulator ctx=Store
#             value:
#               Call [92:23-92:48]
#                 Attribute [92:23-92:29] attr=dot ctx=Load
#                   Name [92:23-92:25] id=tl ctx=Load
#                 args:
#                   Name [92:30-92:31] id=a ctx=Load
#                   Name [92:33-92:34] id=b ctx=Load
#                   Name [92:36-92:47] id=accumulator ctx=Load
#           AugAssign [93:9-93:43] op=+=
#             Name [93:9-93:15] id=a_ptrs ctx=Store
#             BinOp [93:19-93:43] op=*
#               Name [93:19-93:31] id=BLOCK_SIZE_K ctx=Load
#               Name [93:34-93:43] id=stride_ak ctx=Load
#           AugAssign [94:9-94:43] op=+=
#             Name [94:9-94:15] id=b_ptrs ctx=Store
#             BinOp [94:19-94:43] op=*
#               Name [94:19-94:31] id=BLOCK_SIZE_K ctx=Load
#               Name [94:34-94:43] id=stride_bk ctx=Load
#       If [95:5-96:46]
#         Compare [95:8-95:34] ops=[==]
#           Name [95:8-95:18] id=ACTIVATION ctx=Load
#           Constant [95:22-95:34] String "leaky_relu"
#         body:
#           Assign [96:9-96:46]
#             targets:
#               Name [96:9-96:20] id=accumulator ctx=Store
#             value:
#               Call [96:23-96:46]
#                 Name [96:23-96:33] id=leaky_relu ctx=Load
#                 args:
#                   Name [96:34-96:45] id=accumulator ctx=Load
#       Assign [97:5-97:35]
#         targets:
#           Name [97:5-97:6] id=c ctx=Store
#         value:
#           Call [97:9-97:35]
#             Attribute [97:9-97:23] attr=to ctx=Load
#               Name [97:9-97:20] id=accumulator ctx=Load
#             args:
#               Attribute [97:24-97:34] attr=float16 ctx=Load
#                 Name [97:24-97:26] id=tl ctx=Load
#       Assign [99:5-99:64]
#         targets:
#           Name [99:5-99:12] id=offs_cm ctx=Store
#         value:
#           BinOp [99:15-99:64] op=+
#             BinOp [99:15-99:35] op=*
#               Name [99:15-99:20] id=pid_m ctx=Load
#               Name [99:23-99:35] id=BLOCK_SIZE_M ctx=Load
#             Call [99:38-99:64]
#               Attribute [99:38-99:47] attr=arange ctx=Load
#                 Name [99:38-99:40] id=tl ctx=Load
#               args:
#                 Constant [99:48-99:49] Int 0
#                 Name [99:51-99:63] id=BLOCK_SIZE_M ctx=Load
#       Assign [100:5-100:64]
#         targets:
#           Name [100:5-100:12] id=offs_cn ctx=Store
#         value:
#           BinOp [100:15-100:64] op=+
#             BinOp [100:15-100:35] op=*
#               Name [100:15-100:20] id=pid_n ctx=Load
#               Name [100:23-100:35] id=BLOCK_SIZE_N ctx=Load
#             Call [100:38-100:64]
#               Attribute [100:38-100:47] attr=arange ctx=Load
#                 Name [100:38-100:40] id=tl ctx=Load
#               args:
#                 Constant [100:48-100:49] Int 0
#                 Name [100:51-100:63] id=BLOCK_SIZE_N ctx=Load
#       Assign [101:5-101:81]
#         targets:
#           Name [101:5-101:11] id=c_ptrs ctx=Store
#         value:
#           BinOp [101:14-101:81] op=+
#             BinOp [101:14-101:50] op=+
#               Name [101:14-101:19] id=c_ptr ctx=Load
#               BinOp [101:22-101:50] op=*
#                 Name [101:22-101:31] id=stride_cm ctx=Load
#                 Subscript [101:34-101:50] ctx=Load
#                   Name [101:34-101:41] id=offs_cm ctx=Load
#                   Tuple [101:42-101:49] ctx=Load
#                     Slice [101:42-101:43]
#                     Constant [101:45-101:49] None
#             BinOp [101:53-101:81] op=*
#               Name [101:53-101:62] id=stride_cn ctx=Load
#               Subscript [101:65-101:81] ctx=Load
#                 Name [101:65-101:72] id=offs_cn ctx=Load
#                 Tuple [101:73-101:80] ctx=Load
#                   Constant [101:73-101:77] None
#                   Slice [101:79-101:80]
#       Assign [102:5-102:61]
#         targets:
#           Name [102:5-102:11] id=c_mask ctx=Store
#         value:
#           BinOp [102:14-102:61] op=&
#             Compare [102:15-102:35] ops=[<]
#               Subscript [102:15-102:31] ctx=Load
#                 Name [102:15-102:22] id=offs_cm ctx=Load
#                 Tuple [102:23-102:30] ctx=Load
#                   Slice [102:23-102:24]
#                   Constant [102:26-102:30] None
#               Name [102:34-102:35] id=M ctx=Load
#             Compare [102:40-102:60] ops=[<]
#               Subscript [102:40-102:56] ctx=Load
#                 Name [102:40-102:47] id=offs_cn ctx=Load
#                 Tuple [102:48-102:55] ctx=Load
#                   Constant [102:48-102:52] None
#                   Slice [102:54-102:55]
#               Name [102:59-102:60] id=N ctx=Load
#       ExprStmt [103:5-103:37]
#         Call [103:5-103:37]
#           Attribute [103:5-103:13] attr=store ctx=Load
#             Name [103:5-103:7] id=tl ctx=Load
#           args:
#             Name [103:14-103:20] id=c_ptrs ctx=Load
#             Name [103:22-103:23] id=c ctx=Load
#           keywords:
#             Keyword [103:25-103:36] name=mask
#               Name [103:30-103:36] id=c_mask ctx=Load
#   FunctionDef [106:1-108:41] name=leaky_relu
#     decorators:
#       Attribute [106:2-106:12] attr=jit ctx=Load
#         Name [106:2-106:8] id=triton ctx=Load
#     args:
#       Param [107:16-107:17] name=x kind=Normal
#     body:
#       Return [108:5-108:41]
#         Call [108:12-108:41]
#           Attribute [108:12-108:20] attr=where ctx=Load
#             Name [108:12-108:14] id=tl ctx=Load
#           args:
#             Compare [108:21-108:27] ops=[>=]
#               Name [108:21-108:22] id=x ctx=Load
#               Constant [108:26-108:27] Int 0
#             Name [108:29-108:30] id=x ctx=Load
#             BinOp [108:32-108:40] op=*
#               Constant [108:32-108:36] Float 0.01
#               Name [108:39-108:40] id=x ctx=Load
#   FunctionDef [111:1-126:13] name=matmul
#     args:
#       Param [111:12-111:13] name=a kind=Normal
#       Param [111:15-111:16] name=b kind=Normal
#       Param [111:18-111:31] name=activation kind=Normal
#         default:
#           Constant [111:29-111:31] String ""
#     body:
#       Assert [112:5-112:63]
#         Compare [112:12-112:36] ops=[==]
#           Subscript [112:12-112:22] ctx=Load
#             Attribute [112:12-112:19] attr=shape ctx=Load
#               Name [112:12-112:13] id=a ctx=Load
#             Constant [112:20-112:21] Int 1
#           Subscript [112:26-112:36] ctx=Load
#             Attribute [112:26-112:33] attr=shape ctx=Load
#               Name [112:26-112:27] id=b ctx=Load
#             Constant [112:34-112:35] Int 0
#         msg:
#           Constant [112:38-112:63] String "Incompatible dimensions"
#       Assert [113:5-113:60]
#         Call [113:12-113:29]
#           Attribute [113:12-113:27] attr=is_contiguous ctx=Load
#             Name [113:12-113:13] id=a ctx=Load
#         msg:
#           Constant [113:31-113:60] String "Matrix A must be contiguous"
#       Assign [114:5-114:19]
#         targets:
#           Tuple [114:5-114:9] ctx=Store
#             Name [114:5-114:6] id=M ctx=Store
#             Name [114:8-114:9] id=K ctx=Store
#         value:
#           Attribute [114:12-114:19] attr=shape ctx=Load
#             Name [114:12-114:13] id=a ctx=Load
#       Assign [115:5-115:19]
#         targets:
#           Tuple [115:5-115:9] ctx=Store
#             Name [115:5-115:6] id=K ctx=Store
#             Name [115:8-115:9] id=N ctx=Store
#         value:
#           Attribute [115:12-115:19] attr=shape ctx=Load
#             Name [115:12-115:13] id=b ctx=Load
#       Assign [116:5-116:66]
#         targets:
#           Name [116:5-116:6] id=c ctx=Store
#         value:
#           Call [116:9-116:66]
#             Attribute [116:9-116:20] attr=empty ctx=Load
#               Name [116:9-116:14] id=torch ctx=Load
#             args:
#               Tuple [116:21-116:27] ctx=Load parenthesized
#                 Name [116:22-116:23] id=M ctx=Load
#                 Name [116:25-116:26] id=N ctx=Load
#             keywords:
#               Keyword [116:29-116:44] name=device
#                 Attribute [116:36-116:44] attr=device ctx=Load
#                   Name [116:36-116:37] id=a ctx=Load
#               Keyword [116:46-116:65] name=dtype
#                 Attribute [116:52-116:65] attr=float16 ctx=Load
#                   Name [116:52-116:57] id=torch ctx=Load
#       Assign [117:5-117:104]
#         targets:
#           Name [117:5-117:9] id=grid ctx=Store
#         value:
#           Lambda [117:12-117:104]
#             args:
#               Param [117:19-117:23] name=META kind=Normal
#             body:
#               Tuple [117:25-117:104] ctx=Load parenthesized
#                 BinOp [117:26-117:101] op=*
#                   Call [117:26-117:62]
#                     Attribute [117:26-117:37] attr=cdiv ctx=Load
#                       Name [117:26-117:32] id=triton ctx=Load
#                     args:
#                       Name [117:38-117:39] id=M ctx=Load
#                       Subscript [117:41-117:61] ctx=Load
#                         Name [117:41-117:45] id=META ctx=Load
#                         Constant [117:46-117:60] String "BLOCK_SIZE_M"
#                   Call [117:65-117:101]
#                     Attribute [117:65-117:76] attr=cdiv ctx=Load
#                       Name [117:65-117:71] id=triton ctx=Load
#                     args:
#                       Name [117:77-117:78] id=N ctx=Load
#                       Subscript [117:80-117:100] ctx=Load
#                         Name [117:80-117:84] id=META ctx=Load
#                         Constant [117:85-117:99] String "BLOCK_SIZE_N"
#       ExprStmt [118:5-125:6]
#         Call [118:5-125:6]
#           Subscript [118:5-118:24] ctx=Load
#             Name [118:5-118:18] id=matmul_kernel ctx=Load
#             Name [118:19-118:23] id=grid ctx=Load
#           args:
#             Name [119:9-119:10] id=a ctx=Load
#             Name [119:12-119:13] id=b ctx=Load
#             Name [119:15-119:16] id=c ctx=Load
#             Name [120:9-120:10] id=M ctx=Load
#             Name [120:12-120:13] id=N ctx=Load
#             Name [120:15-120:16] id=K ctx=Load
#             Call [121:9-121:20]
#               Attribute [121:9-121:17] attr=stride ctx=Load
#                 Name [121:9-121:10] id=a ctx=Load
#               args:
#                 Constant [121:18-121:19] Int 0
#             Call [121:22-121:33]
#               Attribute [121:22-121:30] attr=stride ctx=Load
#                 Name [121:22-121:23] id=a ctx=Load
#               args:
#                 Constant [121:31-121:32] Int 1
#             Call [122:9-122:20]
#               Attribute [122:9-122:17] attr=stride ctx=Load
#                 Name [122:9-122:10] id=b ctx=Load
#               args:
#                 Constant [122:18-122:19] Int 0
#             Call [122:22-122:33]
#               Attribute [122:22-122:30] attr=stride ctx=Load
#                 Name [122:22-122:23] id=b ctx=Load
#               args:
#                 Constant [122:31-122:32] Int 1
#             Call [123:9-123:20]
#               Attribute [123:9-123:17] attr=stride ctx=Load
#                 Name [123:9-123:10] id=c ctx=Load
#               args:
#                 Constant [123:18-123:19] Int 0
#             Call [123:22-123:33]
#               Attribute [123:22-123:30] attr=stride ctx=Load
#                 Name [123:22-123:23] id=c ctx=Load
#               args:
#                 Constant [123:31-123:32] Int 1
#           keywords:
#             Keyword [124:9-124:30] name=ACTIVATION
#               Name [124:20-124:30] id=activation ctx=Load
#       Return [126:5-126:13]
#         Name [126:12-126:13] id=c ctx=Load
#   FunctionDef [129:1-137:67] name=test_add
#     body:
#       ExprStmt [130:5-130:25]
#         Call [130:5-130:25]
#           Attribute [130:5-130:22] attr=manual_seed ctx=Load
#             Name [130:5-130:10] id=torch ctx=Load
#           args:
#             Constant [130:23-130:24] Int 0
#       Assign [131:5-131:17]
#         targets:
#           Name [131:5-131:9] id=size ctx=Store
#         value:
#           Constant [131:12-131:17] Int 98432
#       Assign [132:5-132:40]
#         targets:
#           Name [132:5-132:6] id=x ctx=Store
#         value:
#           Call [132:9-132:40]
#             Attribute [132:9-132:19] attr=rand ctx=Load
#               Name [132:9-132:14] id=torch ctx=Load
#             args:
#               Name [132:20-132:24] id=size ctx=Load
#             keywords:
#               Keyword [132:26-132:39] name=device
#                 Name [132:33-132:39] id=DEVICE ctx=Load
#       Assign [133:5-133:40]
#         targets:
#           Name [133:5-133:6] id=y ctx=Store
#         value:
#           Call [133:9-133:40]
#             Attribute [133:9-133:19] attr=rand ctx=Load
#               Name [133:9-133:14] id=torch ctx=Load
#             args:
#               Name [133:20-133:24] id=size ctx=Load
#             keywords:
#               Keyword [133:26-133:39] name=device
#                 Name [133:33-133:39] id=DEVICE ctx=Load
#       Assign [134:5-134:25]
#         targets:
#           Name [134:5-134:17] id=output_torch ctx=Store
#         value:
#           BinOp [134:20-134:25] op=+
#             Name [134:20-134:21] id=x ctx=Load
#             Name [134:24-134:25] id=y ctx=Load
#       Assign [135:5-135:30]
#         targets:
#           Name [135:5-135:18] id=output_triton ctx=Store
#         value:
#           Call [135:21-135:30]
#             Name [135:21-135:24] id=add ctx=Load
#             args:
#               Name [135:25-135:26] id=x ctx=Load
#               Name [135:28-135:29] id=y ctx=Load
#       ExprStmt [136:5-137:67]
#         Call [136:5-137:67]
#           Name [136:5-136:10] id=print ctx=Load
#           args:
#             JoinedStr [136:11-137:66]
#               Constant [136:13-136:64] String "The maximum difference between torch and triton is "
#               FormattedValue [137:13-137:65]
#                 Call [137:14-137:64]
#                   Attribute [137:14-137:23] attr=max ctx=Load
#                     Name [137:14-137:19] id=torch ctx=Load
#                   args:
#                     Call [137:24-137:63]
#                       Attribute [137:24-137:33] attr=abs ctx=Load
#                         Name [137:24-137:29] id=torch ctx=Load
#                       args:
#                         BinOp [137:34-137:62] op=-
#                           Name [137:34-137:46] id=output_torch ctx=Load
#                           Name [137:49-137:62] id=output_triton ctx=Load
#   FunctionDef [140:1-162:48] name=benchmark
#     decorators:
#       Call [140:2-152:7]
#         Attribute [140:2-140:28] attr=perf_report ctx=Load
#           Attribute [140:2-140:16] attr=testing ctx=Load
#             Name [140:2-140:8] id=triton ctx=Load
#         args:
#           Call [141:5-152:6]
#             Attribute [141:5-141:29] attr=Benchmark ctx=Load
#               Attribute [141:5-141:19] attr=testing ctx=Load
#                 Name [141:5-141:11] id=triton ctx=Load
#             keywords:
#               Keyword [142:9-142:25] name=x_names
#                 List [142:17-142:25] ctx=Load
#                   Constant [142:18-142:24] String "size"
#               Keyword [143:9-143:48] name=x_vals
#                 ListComp [143:16-143:48]
#                   BinOp [143:17-143:21] op=**
#                     Constant [143:17-143:18] Int 2
#                     Name [143:20-143:21] id=i ctx=Load
#                   comprehension:
#                     Name [143:26-143:27] id=i ctx=Store
#                     Call [143:31-143:47]
#                       Name [143:31-143:36] id=range ctx=Load
#                       args:
#                         Constant [143:37-143:39] Int 12
#                         Constant [143:41-143:43] Int 28
#                         Constant [143:45-143:46] Int 1
#               Keyword [144:9-144:19] name=x_log
#                 Constant [144:15-144:19] True
#               Keyword [145:9-145:28] name=line_arg
#                 Constant [145:18-145:28] String "provider"
#               Keyword [146:9-146:38] name=line_vals
#                 List [146:19-146:38] ctx=Load
#                   Constant [146:20-146:28] String "triton"
#                   Constant [146:30-146:37] String "torch"
#               Keyword [147:9-147:39] name=line_names
#                 List [147:20-147:39] ctx=Load
#                   Constant [147:21-147:29] String "Triton"
#                   Constant [147:31-147:38] String "Torch"
#               Keyword [148:9-148:47] name=styles
#                 List [148:16-148:47] ctx=Load
#                   Tuple [148:17-148:30] ctx=Load parenthesized
#                     Constant [148:18-148:24] String "blue"
#                     Constant [148:26-148:29] String "-"
#                   Tuple [148:32-148:46] ctx=Load parenthesized
#                     Constant [148:33-148:40] String "green"
#                     Constant [148:42-148:45] String "-"
#               Keyword [149:9-149:22] name=ylabel
#                 Constant [149:16-149:22] String "GB/s"
#               Keyword [150:9-150:43] name=plot_name
#                 Constant [150:19-150:43] String "vector-add-performance"
#               Keyword [151:9-151:16] name=args
#                 Dict [151:14-151:16]
#     args:
#       Param [153:15-153:19] name=size kind=Normal
#       Param [153:21-153:29] name=provider kind=Normal
#     body:
#       Assign [154:5-154:61]
#         targets:
#           Name [154:5-154:6] id=x ctx=Store
#         value:
#           Call [154:9-154:61]
#             Attribute [154:9-154:19] attr=rand ctx=Load
#               Name [154:9-154:14] id=torch ctx=Load
#             args:
#               Name [154:20-154:24] id=size ctx=Load
#             keywords:
#               Keyword [154:26-154:39] name=device
#                 Name [154:33-154:39] id=DEVICE ctx=Load
#               Keyword [154:41-154:60] name=dtype
#                 Attribute [154:47-154:60] attr=float32 ctx=Load
#                   Name [154:47-154:52] id=torch ctx=Load
#       Assign [155:5-155:61]
#         targets:
#           Name [155:5-155:6] id=y ctx=Store
#         value:
#           Call [155:9-155:61]
#             Attribute [155:9-155:19] attr=rand ctx=Load
#               Name [155:9-155:14] id=torch ctx=Load
#             args:
#               Name [155:20-155:24] id=size ctx=Load
#             keywords:
#               Keyword [155:26-155:39] name=device
#                 Name [155:33-155:39] id=DEVICE ctx=Load
#               Keyword [155:41-155:60] name=dtype
#                 Attribute [155:47-155:60] attr=float32 ctx=Load
#                   Name [155:47-155:52] id=torch ctx=Load
#       Assign [156:5-156:32]
#         targets:
#           Name [156:5-156:14] id=quantiles ctx=Store
#         value:
#           List [156:17-156:32] ctx=Load
#             Constant [156:18-156:21] Float 0.5
#             Constant [156:23-156:26] Float 0.2
#             Constant [156:28-156:31] Float 0.8
#       If [157:5-160:93]
#         Compare [157:8-157:27] ops=[==]
#           Name [157:8-157:16] id=provider ctx=Load
#           Constant [157:20-157:27] String "torch"
#         body:
#           Assign [158:9-158:89]
#             targets:
#               Tuple [158:9-158:27] ctx=Store
#                 Name [158:9-158:11] id=ms ctx=Store
#                 Name [158:13-158:19] id=min_ms ctx=Store
#                 Name [158:21-158:27] id=max_ms ctx=Store
#             value:
#               Call [158:30-158:89]
#                 Attribute [158:30-158:53] attr=do_bench ctx=Load
#                   Attribute [158:30-158:44] attr=testing ctx=Load
#                     Name [158:30-158:36] id=triton ctx=Load
#                 args:
#                   Lambda [158:54-158:67]
#                     body:
#                       BinOp [158:62-158:67] op=+
#                         Name [158:62-158:63] id=x ctx=Load
#                         Name [158:66-158:67] id=y ctx=Load
#                 keywords:
#                   Keyword [158:69-158:88] name=quantiles
#                     Name [158:79-158:88] id=quantiles ctx=Load
#         orelse:
#           If [159:5-160:93] elif
#             Compare [159:10-159:30] ops=[==]
#               Name [159:10-159:18] id=provider ctx=Load
#               Constant [159:22-159:30] String "triton"
#             body:
#               Assign [160:9-160:93]
#                 targets:
#                   Tuple [160:9-160:27] ctx=Store
#                     Name [160:9-160:11] id=ms ctx=Store
#                     Name [160:13-160:19] id=min_ms ctx=Store
#                     Name [160:21-160:27] id=max_ms ctx=Store
#                 value:
#                   Call [160:30-160:93]
#                     Attribute [160:30-160:53] attr=do_bench ctx=Load
#                       Attribute [160:30-160:44] attr=testing ctx=Load
#                         Name [160:30-160:36] id=triton ctx=Load
#                     args:
#                       Lambda [160:54-160:71]
#                         body:
#                           Call [160:62-160:71]
#                             Name [160:62-160:65] id=add ctx=Load
#                             args:
#                               Name [160:66-160:67] id=x ctx=Load
#                               Name [160:69-160:70] id=y ctx=Load
#                     keywords:
#                       Keyword [160:73-160:92] name=quantiles
#                         Name [160:83-160:92] id=quantiles ctx=Load
#       Assign [161:5-161:76]
#         targets:
#           Name [161:5-161:9] id=gbps ctx=Store
#         value:
#           Lambda [161:12-161:76]
#             args:
#               Param [161:19-161:21] name=ms kind=Normal
#             body:
#               BinOp [161:23-161:76] op=/
#                 BinOp [161:23-161:62] op=*
#                   BinOp [161:23-161:55] op=*
#                     BinOp [161:23-161:36] op=*
#                       Constant [161:23-161:24] Int 3
#                       Call [161:27-161:36]
#                         Attribute [161:27-161:34] attr=numel ctx=Load
#                           Name [161:27-161:28] id=x ctx=Load
#                     Call [161:39-161:55]
#                       Attribute [161:39-161:53] attr=element_size ctx=Load
#                         Name [161:39-161:40] id=x ctx=Load
#                   Constant [161:58-161:62] Float 1e-9
#                 BinOp [161:66-161:75] op=*
#                   Name [161:66-161:68] id=ms ctx=Load
#                   Constant [161:71-161:75] Float 1e-3
#       Return [162:5-162:48]
#         Tuple [162:12-162:48] ctx=Load
#           Call [162:12-162:20]
#             Name [162:12-162:16] id=gbps ctx=Load
#             args:
#               Name [162:17-162:19] id=ms ctx=Load
#           Call [162:22-162:34]
#             Name [162:22-162:26] id=gbps ctx=Load
#             args:
#               Name [162:27-162:33] id=max_ms ctx=Load
#           Call [162:36-162:48]
#             Name [162:36-162:40] id=gbps ctx=Load
#             args:
#               Name [162:41-162:47] id=min_ms ctx=Load
#   If [165:1-175:53]
#     Compare [165:4-165:26] ops=[==]
#       Name [165:4-165:12] id=__name__ ctx=Load
#       Constant [165:16-165:26] String "__main__"
#     body:
#       ExprStmt [166:5-166:15]
#         Call [166:5-166:15]
#           Name [166:5-166:13] id=test_add ctx=Load
#       Assign [167:5-167:46]
#         targets:
#           Name [167:5-167:6] id=x ctx=Store
#         value:
#           Call [167:9-167:46]
#             Attribute [167:9-167:20] attr=randn ctx=Load
#               Name [167:9-167:14] id=torch ctx=Load
#             args:
#               Constant [167:21-167:25] Int 1823
#               Constant [167:27-167:30] Int 781
#             keywords:
#               Keyword [167:32-167:45] name=device
#                 Name [167:39-167:45] id=DEVICE ctx=Load
#       ExprStmt [168:5-168:69]
#         Call [168:5-168:69]
#           Attribute [168:5-168:31] attr=assert_close ctx=Load
#             Attribute [168:5-168:18] attr=testing ctx=Load
#               Name [168:5-168:10] id=torch ctx=Load
#           args:
#             Call [168:32-168:42]
#               Name [168:32-168:39] id=softmax ctx=Load
#               args:
#                 Name [168:40-168:41] id=x ctx=Load
#             Call [168:44-168:68]
#               Attribute [168:44-168:57] attr=softmax ctx=Load
#                 Name [168:44-168:49] id=torch ctx=Load
#               args:
#                 Name [168:58-168:59] id=x ctx=Load
#               keywords:
#                 Keyword [168:61-168:67] name=axis
#                   Constant [168:66-168:67] Int 1
#       Assign [169:5-169:68]
#         targets:
#           Name [169:5-169:6] id=a ctx=Store
#         value:
#           Call [169:9-169:68]
#             Attribute [169:9-169:20] attr=randn ctx=Load
#               Name [169:9-169:14] id=torch ctx=Load
#             args:
#               Tuple [169:21-169:31] ctx=Load parenthesized
#                 Constant [169:22-169:25] Int 512
#                 Constant [169:27-169:30] Int 512
#             keywords:
#               Keyword [169:33-169:46] name=device
#                 Name [169:40-169:46] id=DEVICE ctx=Load
#               Keyword [169:48-169:67] name=dtype
#                 Attribute [169:54-169:67] attr=float16 ctx=Load
#                   Name [169:54-169:59] id=torch ctx=Load
#       Assign [170:5-170:68]
#         targets:
#           Name [170:5-170:6] id=b ctx=Store
#         value:
#           Call [170:9-170:68]
#             Attribute [170:9-170:20] attr=randn ctx=Load
#               Name [170:9-170:14] id=torch ctx=Load
#             args:
#               Tuple [170:21-170:31] ctx=Load parenthesized
#                 Constant [170:22-170:25] Int 512
#                 Constant [170:27-170:30] Int 512
#             keywords:
#               Keyword [170:33-170:46] name=device
#                 Name [170:40-170:46] id=DEVICE ctx=Load
#               Keyword [170:48-170:67] name=dtype
#                 Attribute [170:54-170:67] attr=float16 ctx=Load
#                   Name [170:54-170:59] id=torch ctx=Load
#       If [171:5-174:43]
#         Call [171:8-171:75]
#           Attribute [171:8-171:22] attr=allclose ctx=Load
#             Name [171:8-171:13] id=torch ctx=Load
#           args:
#             Call [171:23-171:35]
#               Name [171:23-171:29] id=matmul ctx=Load
#               args:
#                 Name [171:30-171:31] id=a ctx=Load
#                 Name [171:33-171:34] id=b ctx=Load
#             Call [171:37-171:55]
#               Attribute [171:37-171:49] attr=matmul ctx=Load
#                 Name [171:37-171:42] id=torch ctx=Load
#               args:
#                 Name [171:50-171:51] id=a ctx=Load
#                 Name [171:53-171:54] id=b ctx=Load
#           keywords:
#             Keyword [171:57-171:66] name=atol
#               Constant [171:62-171:66] Float 1e-2
#             Keyword [171:68-171:74] name=rtol
#               Constant [171:73-171:74] Int 0
#         body:
#           ExprStmt [172:9-172:42]
#             Call [172:9-172:42]
#               Name [172:9-172:14] id=print ctx=Load
#               args:
#                 Constant [172:15-172:41] String "✅ Triton and Torch match"
#         orelse:
#           ExprStmt [174:9-174:43]
#             Call [174:9-174:43]
#               Name [174:9-174:14] id=print ctx=Load
#               args:
#                 Constant [174:15-174:42] String "❌ Triton and Torch differ"
#       ExprStmt [175:5-175:53]
#         Call [175:5-175:53]
#           Attribute [175:5-175:18] attr=run ctx=Load
#             Name [175:5-175:14] id=benchmark ctx=Load
#           keywords:
#             Keyword [175:19-175:34] name=print_data
#               Constant [175:30-175:34] True
#             Keyword [175:36-175:52] name=show_plots
#               Constant [175:47-175:52] False
