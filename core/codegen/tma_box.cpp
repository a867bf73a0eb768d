#include "core/codegen/tma_box.h"

namespace tsm::codegen {

std::optional<TmaBox> tmaStoreBox(const ir::Kernel &k, const ir::Op &store, int computeCapability)
{
    if (computeCapability < 90 || store.code != ir::OpCode::Store || store.ints.empty() || store.operands.size() != 5)
        return std::nullopt;
    const ir::Type &t = k.type(store.operands[1]);
    if (t.shape.size() != 2 || t.dtype == DType::I1 || t.pointer)
        return std::nullopt;
    const std::int64_t e = dtypeBytes(t.dtype), rows = t.shape[0], cols = t.shape[1];
    const std::int64_t rowBytes = cols * e;
    if (e <= 0 || rows > 256 || rowBytes % 16 != 0)
        return std::nullopt;
    TmaBox b;
    b.rows = rows;
    b.contig = cols;
    // A swizzled panel's rows are the swizzle's width and its atoms 8 rows of it.
    for (int s : {128, 64, 32})
        if (rowBytes % s == 0 && rows % 8 == 0) {
            b.swizzle = s;
            break;
        }
    b.width = b.swizzle ? b.swizzle / e : cols;
    if (b.width > 256)
        return std::nullopt;
    b.panelBytes = rows * b.width * e;
    return b;
}

} // namespace tsm::codegen
