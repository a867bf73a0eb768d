# pytest plugin for running these programs under Triton's own interpreter (TRITON_INTERPRET=1);
# not a Tilesmith program. Triton 3.6's interpreter converts scalar tensors to Python ints with
# `int(self.handle.data)` on a 1-element array, which NumPy >= 2.5 refuses ("only 0-dimensional
# arrays can be converted to Python scalars"), so any kernel loop bounded by a runtime scalar
# (`for off in range(0, N, BLOCK)`) fails there. This wraps the interpreter's patch of
# tl.tensor to use `.item()` instead. Used by ../run_real_triton.sh:
#   PYTHONPATH=tests/programs/real_triton TRITON_INTERPRET=1 python3 -m pytest -p triton_interp_numpy_fix ...
import triton.runtime.interpreter as _interpreter

_original_patch_lang_tensor = _interpreter._patch_lang_tensor


def _patch_lang_tensor(tensor, *args, **kwargs):
    result = _original_patch_lang_tensor(tensor, *args, **kwargs)
    tensor.__index__ = lambda self: self.handle.data.item()
    return result


_interpreter._patch_lang_tensor = _patch_lang_tensor
