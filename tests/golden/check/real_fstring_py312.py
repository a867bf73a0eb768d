# Python 3.12 f-strings (PEP 701), which files written for the Python of current Triton wheels
# use: the same quote inside a replacement field, nested f-strings, and a replacement field that
# spans lines.
import torch

stats = {"max": 1.5, "mean": 0.25}
x = torch.zeros(4)
print(f"max={stats["max"]:.3f} mean={stats["mean"]:.3f}")
print(f"{f"{x.numel()} elements"!r:>20}")
print(f"shape={
    tuple(x.shape)
} dtype={x.dtype}")
