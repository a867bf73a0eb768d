#pragma once
// The host Tensor behind the harness's `torch` subset: a cheap, copyable handle to a Storage
// with a dtype, shape, strides (in elements), storage offset and device tag. Views share the
// Storage; host writes bump Storage::hostVersion(). Reference ops live in tensor_ops.h,
// creation in tensor_factory.h, printing in tensor_format.h, comparison in compare.h and
// .npy/.npz I/O in npy_io.h.
//
// Errors: every operation that can fail on user input throws TensorError with PyTorch's wording
// and the Python exception class it maps to; the harness catches it and raises that exception
// at the current line. Nothing else is thrown (std::bad_alloc aside).

#include "core/sema/dtype.h"
#include "core/tensor/storage.h"

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tsm::tensor {

using Shape = std::vector<std::int64_t>;

/// A user error in a tensor operation, worded as PyTorch words it.
class TensorError : public std::runtime_error
{
public:
    /// The Python exception the harness raises for it.
    enum class Kind : std::uint8_t { Runtime, Index, Value, Type, NotImplemented };
    TensorError(Kind kind, const std::string &message)
        : std::runtime_error(message)
        , m_kind(kind)
    {
    }
    Kind kind() const { return m_kind; }
    /// "RuntimeError", "IndexError", "ValueError", "TypeError", "NotImplementedError"
    std::string_view pythonName() const;

private:
    Kind m_kind;
};

/// Where a tensor lives. A "cuda" tensor has host storage too; the CUDA backend keeps a mirror.
struct Device
{
    enum class Kind : std::uint8_t { Cpu, Cuda };
    Kind kind = Kind::Cpu;
    int index = 0;

    bool isCuda() const { return kind == Kind::Cuda; }
    /// "cpu", "cuda:0" (as torch prints `tensor.device`)
    std::string str() const;
    /// "cpu", "cuda", "cuda:1"; nullopt for anything else.
    static std::optional<Device> parse(std::string_view text);
    bool operator==(const Device &) const = default;
};

/// A Python number: bool, int or float.
struct Scalar
{
    enum class Kind : std::uint8_t { Bool, Int, Float };
    Kind kind = Kind::Int;
    std::int64_t i = 0; ///< Bool (0/1) and Int
    double f = 0;       ///< Float

    static Scalar fromBool(bool v) { return {Kind::Bool, v ? 1 : 0, v ? 1.0 : 0.0}; }
    static Scalar fromInt(std::int64_t v) { return {Kind::Int, v, double(v)}; }
    static Scalar fromDouble(double v) { return {Kind::Float, std::int64_t(0), v}; }
    double toDouble() const { return kind == Kind::Float ? f : double(i); }
    std::int64_t toInt() const;
    bool isFloat() const { return kind == Kind::Float; }
};

/// Nested Python values: the input of torch.tensor(...) and the output of tolist().
struct Nested
{
    enum class Kind : std::uint8_t { Scalar, List };
    Kind kind = Kind::List;
    tsm::tensor::Scalar scalar;
    std::vector<Nested> items;

    static Nested of(tsm::tensor::Scalar s) { return {Kind::Scalar, s, {}}; }
    static Nested list(std::vector<Nested> items) { return {Kind::List, {}, std::move(items)}; }
};

/// One component of an index expression `x[...]`.
struct Slice
{
    std::optional<std::int64_t> start, stop, step;
};
struct NoneIndex
{
}; ///< `None`: inserts a dimension of size 1
struct EllipsisIndex
{
}; ///< `...`
class Tensor;
/// int | slice | None | ... | Tensor (bool mask or integer index tensor)
using IndexItem = std::variant<std::int64_t, Slice, NoneIndex, EllipsisIndex, Tensor>;

class Tensor
{
public:
    /// An undefined tensor (defined() is false); every other call on it is a bug.
    Tensor() = default;
    /// A view of `storage` (no copy). Strides and offset in elements.
    Tensor(StoragePtr storage,
           DType dtype,
           Shape shape,
           Shape strides,
           std::int64_t offset,
           Device device);
    /// Fresh zero-filled contiguous storage.
    static Tensor allocate(const Shape &shape,
                           DType dtype,
                           Device device = {},
                           Storage::Init init = Storage::Init::Zeros);
    /// A 0-d tensor holding a Python number, marked as a "wrapped number" so that type
    /// promotion treats it as weak (torch.result_type rules): int -> int64, float -> float32
    /// (the default dtype), bool -> bool. A float is stored (and reported) as float64 so that
    /// no precision is lost before the op rounds its result.
    static Tensor fromScalar(Scalar value);

    bool defined() const { return m_storage != nullptr; }
    DType dtype() const { return m_dtype; }
    const Shape &shape() const { return m_shape; }
    const Shape &strides() const { return m_strides; }
    std::int64_t storageOffset() const { return m_offset; }
    Device device() const { return m_device; }
    const StoragePtr &storage() const { return m_storage; }
    bool isWrappedNumber() const { return m_wrappedNumber; }

    std::int64_t dim() const { return std::int64_t(m_shape.size()); }
    std::int64_t numel() const;
    /// size(d), stride(d) with negative d counted from the end; IndexError when out of range.
    std::int64_t size(std::int64_t d) const;
    std::int64_t stride(std::int64_t d) const;
    std::int64_t elementSize() const { return dtypeBytes(m_dtype); }
    bool isContiguous() const;
    /// Byte address of element (0, ..., 0).
    std::byte *data() const;
    /// Wraps a negative dim, or throws IndexError ("Dimension out of range (expected to be in
    /// range of [-2, 1], but got 2)").
    std::int64_t wrapDim(std::int64_t d) const;

    // Element access by coordinates (one per dim). Writes convert with torch's rounding and
    // mark the storage written.
    double getDouble(std::span<const std::int64_t> index) const;
    std::int64_t getInt(std::span<const std::int64_t> index) const;
    void setDouble(std::span<const std::int64_t> index, double v) const;
    void setInt(std::span<const std::int64_t> index, std::int64_t v) const;
    /// Element `i` in row-major logical order (any strides).
    double flatDouble(std::int64_t i) const;
    std::int64_t flatInt(std::int64_t i) const;

    // Views: share storage. Each throws TensorError with torch's message on bad arguments.
    /// view(-1 allowed); RuntimeError if the strides do not allow it.
    Tensor view(Shape shape) const;
    /// A view when possible, else a contiguous copy.
    Tensor reshape(Shape shape) const;
    Tensor flatten(std::int64_t startDim = 0, std::int64_t endDim = -1) const;
    Tensor transpose(std::int64_t d0, std::int64_t d1) const;
    Tensor permute(std::span<const std::int64_t> dims) const;
    /// `t()` (<= 2-D) ; `T` reverses all dims.
    Tensor t() const;
    Tensor T() const;
    /// expand(-1 keeps a size); new leading dims allowed.
    Tensor expand(Shape shape) const;
    Tensor unsqueeze(std::int64_t d) const;
    /// squeeze() drops every size-1 dim; squeeze(d) only that one if it is 1.
    Tensor squeeze() const;
    Tensor squeeze(std::int64_t d) const;
    Tensor narrow(std::int64_t d, std::int64_t start, std::int64_t length) const;
    /// One dim's Python slice (negative steps are an error, as in torch).
    Tensor slice(std::int64_t d, Slice s) const;
    /// x[i] along dim d (drops the dim).
    Tensor select(std::int64_t d, std::int64_t i) const;
    /// Itself when contiguous, else a contiguous copy.
    Tensor contiguous() const;
    /// A contiguous copy (clone()).
    Tensor clone() const;

    /// x[items]: basic indexing gives a view; a bool mask or integer tensor gives a copy.
    Tensor index(std::span<const IndexItem> items) const;
    /// x[items] = value (broadcast, converted to x's dtype).
    void indexPut(std::span<const IndexItem> items, const Tensor &value) const;

    /// Copies `src` into this tensor (broadcast, converted); copy_.
    void copyFrom(const Tensor &src) const;
    void fill(Scalar value) const;

    /// Converted copy (or itself when nothing changes, as torch). `copy` forces a copy.
    Tensor to(DType dtype, bool copy = false) const;
    /// Same data on another device tag (shares storage if the device is the same).
    Tensor to(Device device) const;
    Tensor toType(DType dtype) const { return to(dtype); }

    /// The single value of a one-element tensor (RuntimeError otherwise: "a Tensor with 6
    /// elements cannot be converted to Scalar"). Float dtypes -> Float, bool -> Bool, else Int.
    Scalar item() const;
    Nested tolist() const;

private:
    StoragePtr m_storage;
    DType m_dtype = DType::F32;
    Shape m_shape, m_strides;
    std::int64_t m_offset = 0;
    Device m_device;
    bool m_wrappedNumber = false;
};

/// Row-major strides of a contiguous tensor of `shape`.
Shape contiguousStrides(const Shape &shape);
/// torch.Size printing: "torch.Size([2, 3])"
std::string formatSize(const Shape &shape);
/// "[2, 3]"
std::string formatShapeList(const Shape &shape);
/// torch.float32 style: "torch.float32"
std::string torchDTypeName(DType dtype);

// Raw element conversion for one element of `dtype` at `p` (used by the ops and the backends).
double readElementDouble(DType dtype, const std::byte *p);
std::int64_t readElementInt(DType dtype, const std::byte *p);
/// Rounds `v` to `dtype` once (fp16/bf16 correctly rounded from double; float -> int truncates
/// toward zero as a C cast, NaN/out-of-range giving a defined value; bool is v != 0).
void writeElementDouble(DType dtype, std::byte *p, double v);
/// Integer write; wraps to the dtype's width.
void writeElementInt(DType dtype, std::byte *p, std::int64_t v);

} // namespace tsm::tensor
