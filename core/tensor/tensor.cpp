#include "core/tensor/tensor.h"

#include "core/tensor/device_ops.h"
#include "core/tensor/float16.h"
#include "core/tensor/float8.h"
#include "core/tensor/tensor_impl.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace tsm::tensor {

// ---- small types ----

std::string_view TensorError::pythonName() const
{
    switch (m_kind) {
    case Kind::Runtime:
        return "RuntimeError";
    case Kind::Index:
        return "IndexError";
    case Kind::Value:
        return "ValueError";
    case Kind::Type:
        return "TypeError";
    case Kind::NotImplemented:
        return "NotImplementedError";
    }
    return "RuntimeError";
}

std::string Device::str() const
{
    return kind == Kind::Cpu ? std::string("cpu") : "cuda:" + std::to_string(index);
}

std::optional<Device> Device::parse(std::string_view text)
{
    if (text == "cpu")
        return Device{};
    if (text == "cuda")
        return Device{Kind::Cuda, 0};
    if (text.starts_with("cuda:") && text.size() > 5) {
        int index = 0;
        for (char c : text.substr(5)) {
            if (c < '0' || c > '9')
                return std::nullopt;
            index = index * 10 + (c - '0');
            if (index > 1024)
                return std::nullopt;
        }
        return Device{Kind::Cuda, index};
    }
    return std::nullopt;
}

std::int64_t Scalar::toInt() const
{
    if (kind != Kind::Float)
        return i;
    if (!(std::abs(f) < 9.2e18))
        return std::numeric_limits<std::int64_t>::min();
    return std::int64_t(f);
}

// ---- raw element conversion ----

namespace {

/// double -> float rounded to odd, so that a second rounding to a narrower format (fp16, bf16)
/// equals one correct rounding of the double.
float roundToOddFloat(double d)
{
    float f = float(d);
    if (std::isfinite(f) && double(f) != d && (std::bit_cast<std::uint32_t>(f) & 1u) == 0)
        f = std::nextafter(f,
                           d > double(f) ? std::numeric_limits<float>::infinity()
                                         : -std::numeric_limits<float>::infinity());
    return f;
}

std::int64_t doubleToInt64(double v)
{
    if (std::isnan(v) || !(std::abs(v) < 9.223372036854775807e18))
        return std::numeric_limits<std::int64_t>::min();
    return std::int64_t(v);
}

template <class T> T load(const std::byte *p)
{
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}
template <class T> void store(std::byte *p, T v)
{
    std::memcpy(p, &v, sizeof(T));
}

template <class T> double readAsDouble(const std::byte *p)
{
    return double(load<T>(p));
}
template <class T> std::int64_t readAsInt(const std::byte *p)
{
    return std::int64_t(load<T>(p));
}
template <class T> void writeIntAs(std::byte *p, std::int64_t v)
{
    store<T>(p, T(v));
}
template <class T> void writeDoubleAsInt(std::byte *p, double v)
{
    store<T>(p, T(doubleToInt64(v)));
}

double readBool(const std::byte *p)
{
    return load<std::uint8_t>(p) ? 1.0 : 0.0;
}
std::int64_t readBoolInt(const std::byte *p)
{
    return load<std::uint8_t>(p) ? 1 : 0;
}
void writeBool(std::byte *p, double v)
{
    store<std::uint8_t>(p, v != 0 ? 1 : 0);
}
void writeBoolInt(std::byte *p, std::int64_t v)
{
    store<std::uint8_t>(p, v != 0 ? 1 : 0);
}
double readU64(const std::byte *p)
{
    return double(load<std::uint64_t>(p));
}
void writeU64(std::byte *p, double v)
{
    store<std::uint64_t>(p,
                         v >= 9.2e18 && v < 1.8446744073709552e19
                             ? std::uint64_t(v)
                             : std::uint64_t(doubleToInt64(v)));
}
double readF16(const std::byte *p)
{
    return halfToFloat(load<std::uint16_t>(p));
}
double readBF16(const std::byte *p)
{
    return bfloat16ToFloat(load<std::uint16_t>(p));
}
void writeF16(std::byte *p, double v)
{
    store<std::uint16_t>(p, floatToHalf(roundToOddFloat(v)));
}
void writeBF16(std::byte *p, double v)
{
    store<std::uint16_t>(p, floatToBfloat16(roundToOddFloat(v)));
}
void writeF32(std::byte *p, double v)
{
    store<float>(p, float(v));
}
void writeF64(std::byte *p, double v)
{
    store<double>(p, v);
}
std::int64_t readF16Int(const std::byte *p)
{
    return doubleToInt64(readF16(p));
}
std::int64_t readBF16Int(const std::byte *p)
{
    return doubleToInt64(readBF16(p));
}
std::int64_t readF32Int(const std::byte *p)
{
    return doubleToInt64(load<float>(p));
}
std::int64_t readF64Int(const std::byte *p)
{
    return doubleToInt64(load<double>(p));
}
void writeF16Int(std::byte *p, std::int64_t v)
{
    writeF16(p, double(v));
}
void writeBF16Int(std::byte *p, std::int64_t v)
{
    writeBF16(p, double(v));
}
void writeF32Int(std::byte *p, std::int64_t v)
{
    store<float>(p, float(v));
}
void writeF64Int(std::byte *p, std::int64_t v)
{
    store<double>(p, double(v));
}

// fp8 as torch converts: round to nearest even, overflow to NaN (e4m3fn) or inf (e5m2).
template <Fp8Format F> double readF8(const std::byte *p)
{
    return fp8ToFloat(load<std::uint8_t>(p), F);
}
template <Fp8Format F> void writeF8(std::byte *p, double v)
{
    store<std::uint8_t>(p, floatToFp8(roundToOddFloat(v), F, Fp8Overflow::Special));
}
template <Fp8Format F> std::int64_t readF8Int(const std::byte *p)
{
    return doubleToInt64(readF8<F>(p));
}
template <Fp8Format F> void writeF8Int(std::byte *p, std::int64_t v)
{
    writeF8<F>(p, double(v));
}

/// How to read and write one element of each dtype, in dtypes.def order.
struct ElementAccess
{
    detail::ReadDoubleFn readDouble;
    detail::WriteDoubleFn writeDouble;
    detail::ReadIntFn readInt;
    detail::WriteIntFn writeInt;
};

const ElementAccess kElementAccess[] = {
    {readBool, writeBool, readBoolInt, writeBoolInt}, // I1
    {readAsDouble<std::int8_t>,
     writeDoubleAsInt<std::int8_t>,
     readAsInt<std::int8_t>,
     writeIntAs<std::int8_t>}, // I8
    {readAsDouble<std::int16_t>,
     writeDoubleAsInt<std::int16_t>,
     readAsInt<std::int16_t>,
     writeIntAs<std::int16_t>}, // I16
    {readAsDouble<std::int32_t>,
     writeDoubleAsInt<std::int32_t>,
     readAsInt<std::int32_t>,
     writeIntAs<std::int32_t>}, // I32
    {readAsDouble<std::int64_t>,
     writeDoubleAsInt<std::int64_t>,
     readAsInt<std::int64_t>,
     writeIntAs<std::int64_t>}, // I64
    {readAsDouble<std::uint8_t>,
     writeDoubleAsInt<std::uint8_t>,
     readAsInt<std::uint8_t>,
     writeIntAs<std::uint8_t>}, // U8
    {readAsDouble<std::uint16_t>,
     writeDoubleAsInt<std::uint16_t>,
     readAsInt<std::uint16_t>,
     writeIntAs<std::uint16_t>}, // U16
    {readAsDouble<std::uint32_t>,
     writeDoubleAsInt<std::uint32_t>,
     readAsInt<std::uint32_t>,
     writeIntAs<std::uint32_t>},                                              // U32
    {readU64, writeU64, readAsInt<std::uint64_t>, writeIntAs<std::uint64_t>}, // U64
    {readF16, writeF16, readF16Int, writeF16Int},                             // F16
    {readBF16, writeBF16, readBF16Int, writeBF16Int},                         // BF16
    {readAsDouble<float>, writeF32, readF32Int, writeF32Int},                 // F32
    {readAsDouble<double>, writeF64, readF64Int, writeF64Int},                // F64
    {readF8<Fp8Format::E4M3FN>,
     writeF8<Fp8Format::E4M3FN>,
     readF8Int<Fp8Format::E4M3FN>,
     writeF8Int<Fp8Format::E4M3FN>}, // F8E4
    {readF8<Fp8Format::E5M2>,
     writeF8<Fp8Format::E5M2>,
     readF8Int<Fp8Format::E5M2>,
     writeF8Int<Fp8Format::E5M2>}, // F8E5
};
static_assert(std::size(kElementAccess) == kDTypeCount);

const ElementAccess &access(DType t)
{
    return kElementAccess[static_cast<int>(t)];
}

} // namespace

namespace detail {

ReadDoubleFn readDoubleFn(DType t)
{
    return access(t).readDouble;
}
WriteDoubleFn writeDoubleFn(DType t)
{
    return access(t).writeDouble;
}
ReadIntFn readIntFn(DType t)
{
    return access(t).readInt;
}
WriteIntFn writeIntFn(DType t)
{
    return access(t).writeInt;
}

void fail(TensorError::Kind kind, const std::string &message)
{
    throw TensorError(kind, message);
}

std::string scalarTypeName(DType t)
{
    switch (t) {
    case DType::I1:
        return "Bool";
    case DType::I8:
        return "Char";
    case DType::I16:
        return "Short";
    case DType::I32:
        return "Int";
    case DType::I64:
        return "Long";
    case DType::U8:
        return "Byte";
    case DType::U16:
        return "UInt16";
    case DType::U32:
        return "UInt32";
    case DType::U64:
        return "UInt64";
    case DType::F16:
        return "Half";
    case DType::BF16:
        return "BFloat16";
    case DType::F32:
        return "Float";
    case DType::F64:
        return "Double";
    case DType::F8E4:
        return "Float8_e4m3fn";
    case DType::F8E5:
        return "Float8_e5m2";
    }
    return "Float";
}

std::int64_t shapeNumel(const Shape &shape)
{
    std::int64_t n = 1;
    for (std::int64_t s : shape)
        n *= s;
    return n;
}

std::int64_t wrapDim(std::int64_t d, std::int64_t rank)
{
    const std::int64_t r = rank == 0 ? 1 : rank;
    if (d < -r || d >= r)
        indexError("Dimension out of range (expected to be in range of [" + std::to_string(-r)
                   + ", " + std::to_string(r - 1) + "], but got " + std::to_string(d) + ")");
    return d < 0 ? d + r : d;
}

Shape broadcastStrides(const Tensor &t, const Shape &outShape)
{
    Shape strides(outShape.size(), 0);
    const std::size_t lead = outShape.size() - t.shape().size();
    for (std::size_t i = 0; i < t.shape().size(); ++i)
        strides[lead + i] = t.shape()[i] == 1 ? 0 : t.strides()[i];
    return strides;
}

std::vector<bool> reducedDimMask(const std::vector<std::int64_t> *dims, std::int64_t rank)
{
    std::vector<bool> mask(std::size_t(rank), dims == nullptr || dims->empty());
    if (dims)
        for (std::int64_t d : *dims) {
            const std::int64_t w = wrapDim(d, rank);
            if (rank == 0)
                continue;
            if (mask[std::size_t(w)] && !dims->empty() && dims->size() > 1)
                runtimeError("dim " + std::to_string(w)
                             + " appears multiple times in the list of dims");
            mask[std::size_t(w)] = true;
        }
    return mask;
}

std::vector<double> toDoubles(const Tensor &t)
{
    std::vector<double> out;
    out.reserve(std::size_t(t.numel()));
    const ReadDoubleFn read = readDoubleFn(t.dtype());
    const std::byte *base = t.storage()->data();
    const std::int64_t es = t.elementSize();
    forEachOffset<1>(
        t.shape(),
        {t.strides().data()},
        {t.storageOffset()},
        [&](const std::array<std::int64_t, 1> &o) { out.push_back(read(base + o[0] * es)); });
    return out;
}

std::vector<std::int64_t> toInts(const Tensor &t)
{
    std::vector<std::int64_t> out;
    out.reserve(std::size_t(t.numel()));
    const ReadIntFn read = readIntFn(t.dtype());
    const std::byte *base = t.storage()->data();
    const std::int64_t es = t.elementSize();
    forEachOffset<1>(
        t.shape(),
        {t.strides().data()},
        {t.storageOffset()},
        [&](const std::array<std::int64_t, 1> &o) { out.push_back(read(base + o[0] * es)); });
    return out;
}

Tensor
fromDoubles(const Shape &shape, DType dtype, const std::vector<double> &values, Device device)
{
    Tensor t = Tensor::allocate(shape, dtype, device);
    const WriteDoubleFn write = writeDoubleFn(dtype);
    std::byte *p = t.data();
    const std::int64_t es = t.elementSize();
    for (std::size_t i = 0; i < values.size(); ++i)
        write(p + std::int64_t(i) * es, values[i]);
    return t;
}

Tensor
fromInts(const Shape &shape, DType dtype, const std::vector<std::int64_t> &values, Device device)
{
    Tensor t = Tensor::allocate(shape, dtype, device);
    const WriteIntFn write = writeIntFn(dtype);
    std::byte *p = t.data();
    const std::int64_t es = t.elementSize();
    for (std::size_t i = 0; i < values.size(); ++i)
        write(p + std::int64_t(i) * es, values[i]);
    return t;
}

} // namespace detail

using namespace detail;

double readElementDouble(DType dtype, const std::byte *p)
{
    return readDoubleFn(dtype)(p);
}
std::int64_t readElementInt(DType dtype, const std::byte *p)
{
    return readIntFn(dtype)(p);
}
void writeElementDouble(DType dtype, std::byte *p, double v)
{
    writeDoubleFn(dtype)(p, v);
}
void writeElementInt(DType dtype, std::byte *p, std::int64_t v)
{
    writeIntFn(dtype)(p, v);
}

Shape contiguousStrides(const Shape &shape)
{
    Shape strides(shape.size(), 1);
    std::int64_t s = 1;
    for (std::size_t i = shape.size(); i-- > 0;) {
        strides[i] = s;
        s *= std::max<std::int64_t>(shape[i], 1);
    }
    return strides;
}

std::string formatShapeList(const Shape &shape)
{
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string formatSize(const Shape &shape)
{
    return "torch.Size(" + formatShapeList(shape) + ")";
}

std::string torchDTypeName(DType dtype)
{
    return "torch." + std::string(dtypeTorchName(dtype));
}

// ---- Tensor ----

Tensor::Tensor(
    StoragePtr storage, DType dtype, Shape shape, Shape strides, std::int64_t offset, Device device)
    : m_storage(std::move(storage))
    , m_dtype(dtype)
    , m_shape(std::move(shape))
    , m_strides(std::move(strides))
    , m_offset(offset)
    , m_device(device)
{
}

Tensor Tensor::allocate(const Shape &shape, DType dtype, Device device, Storage::Init init)
{
    for (std::int64_t s : shape)
        if (s < 0)
            runtimeError("Trying to create tensor with negative dimension " + std::to_string(s)
                         + ": " + formatShapeList(shape));
    const std::int64_t n = shapeNumel(shape);
    auto storage
        = std::make_shared<Storage>(std::size_t(n) * std::size_t(dtypeBytes(dtype)), init);
    return Tensor(std::move(storage), dtype, shape, contiguousStrides(shape), 0, device);
}

Tensor Tensor::fromScalar(Scalar value)
{
    const DType dtype = value.kind == Scalar::Kind::Bool  ? DType::I1
                        : value.kind == Scalar::Kind::Int ? DType::I64
                                                          : DType::F32;
    // A float keeps full precision as float64; resultType() still treats it as a weak float.
    Tensor t = allocate({}, value.kind == Scalar::Kind::Float ? DType::F64 : dtype);
    if (value.kind == Scalar::Kind::Float)
        writeF64(t.data(), value.f);
    else
        writeElementInt(t.m_dtype, t.data(), value.i);
    t.m_wrappedNumber = true;
    return t;
}

std::int64_t Tensor::numel() const
{
    return shapeNumel(m_shape);
}

std::int64_t Tensor::wrapDim(std::int64_t d) const
{
    return detail::wrapDim(d, dim());
}

std::int64_t Tensor::size(std::int64_t d) const
{
    if (dim() == 0)
        indexError("Dimension specified as " + std::to_string(d) + " but tensor has no dimensions");
    return m_shape[std::size_t(wrapDim(d))];
}

std::int64_t Tensor::stride(std::int64_t d) const
{
    if (dim() == 0)
        indexError("Dimension specified as " + std::to_string(d) + " but tensor has no dimensions");
    return m_strides[std::size_t(wrapDim(d))];
}

bool Tensor::isContiguous() const
{
    std::int64_t expected = 1;
    for (std::size_t i = m_shape.size(); i-- > 0;) {
        if (m_shape[i] == 1)
            continue;
        if (m_shape[i] == 0)
            return true;
        if (m_strides[i] != expected)
            return false;
        expected *= m_shape[i];
    }
    return true;
}

std::byte *Tensor::data() const
{
    return m_storage->data() + m_offset * elementSize();
}

namespace {
std::int64_t offsetOf(const Tensor &t, std::span<const std::int64_t> index)
{
    if (std::int64_t(index.size()) != t.dim())
        indexError("expected " + std::to_string(t.dim()) + " indices, got "
                   + std::to_string(index.size()));
    std::int64_t off = t.storageOffset();
    for (std::size_t d = 0; d < index.size(); ++d) {
        std::int64_t i = index[d];
        const std::int64_t n = t.shape()[d];
        if (i < -n || i >= n)
            indexError("index " + std::to_string(i) + " is out of bounds for dimension "
                       + std::to_string(d) + " with size " + std::to_string(n));
        off += (i < 0 ? i + n : i) * t.strides()[d];
    }
    return off;
}

std::int64_t flatOffset(const Tensor &t, std::int64_t i)
{
    if (i < 0 || i >= t.numel())
        indexError("index " + std::to_string(i) + " is out of bounds for size "
                   + std::to_string(t.numel()));
    std::int64_t off = t.storageOffset();
    for (std::size_t d = t.shape().size(); d-- > 0;) {
        off += (i % t.shape()[d]) * t.strides()[d];
        i /= t.shape()[d];
    }
    return off;
}
} // namespace

double Tensor::getDouble(std::span<const std::int64_t> index) const
{
    return readElementDouble(m_dtype, m_storage->data() + offsetOf(*this, index) * elementSize());
}

std::int64_t Tensor::getInt(std::span<const std::int64_t> index) const
{
    return readElementInt(m_dtype, m_storage->data() + offsetOf(*this, index) * elementSize());
}

void Tensor::setDouble(std::span<const std::int64_t> index, double v) const
{
    writeElementDouble(m_dtype, m_storage->data() + offsetOf(*this, index) * elementSize(), v);
    m_storage->markHostWritten();
}

void Tensor::setInt(std::span<const std::int64_t> index, std::int64_t v) const
{
    writeElementInt(m_dtype, m_storage->data() + offsetOf(*this, index) * elementSize(), v);
    m_storage->markHostWritten();
}

double Tensor::flatDouble(std::int64_t i) const
{
    return readElementDouble(m_dtype, m_storage->data() + flatOffset(*this, i) * elementSize());
}

std::int64_t Tensor::flatInt(std::int64_t i) const
{
    return readElementInt(m_dtype, m_storage->data() + flatOffset(*this, i) * elementSize());
}

void Tensor::copyFrom(const Tensor &src) const
{
    const Shape out = m_shape;
    // src must broadcast to this tensor's shape.
    if (src.dim() > dim())
        runtimeError("output with shape " + formatShapeList(m_shape)
                     + " doesn't match the broadcast shape " + formatShapeList(src.shape()));
    for (std::size_t i = 0; i < src.shape().size(); ++i) {
        const std::int64_t s = src.shape()[i], o = out[out.size() - src.shape().size() + i];
        if (s != 1 && s != o)
            runtimeError("The size of tensor a (" + std::to_string(o)
                         + ") must match the size of tensor b (" + std::to_string(s)
                         + ") at non-singleton dimension "
                         + std::to_string(i + out.size() - src.shape().size()));
    }
    // Read everything first: src and this may overlap.
    const Tensor srcB(src.storage(),
                      src.dtype(),
                      out,
                      broadcastStrides(src, out),
                      src.storageOffset(),
                      src.device());
    std::byte *dst = m_storage->data();
    const std::int64_t es = elementSize();
    if (isFloat(m_dtype) || isFloat(src.dtype())) {
        const std::vector<double> v = toDoubles(srcB);
        const WriteDoubleFn write = writeDoubleFn(m_dtype);
        std::size_t k = 0;
        forEachOffset<1>(
            out, {m_strides.data()}, {m_offset}, [&](const std::array<std::int64_t, 1> &o) {
                write(dst + o[0] * es, v[k++]);
            });
    } else {
        const std::vector<std::int64_t> v = toInts(srcB);
        const WriteIntFn write = writeIntFn(m_dtype);
        std::size_t k = 0;
        forEachOffset<1>(
            out, {m_strides.data()}, {m_offset}, [&](const std::array<std::int64_t, 1> &o) {
                write(dst + o[0] * es, v[k++]);
            });
    }
    m_storage->markHostWritten();
}

void Tensor::fill(Scalar value) const
{
    if (DeviceOps *device = deviceOpsFor({this}))
        if (device->fill(*this, value))
            return;
    Tensor v = Tensor::fromScalar(value);
    copyFrom(v);
}

Tensor Tensor::contiguous() const
{
    return isContiguous() ? *this : clone();
}

Tensor Tensor::clone() const
{
    if (DeviceOps *device = deviceOpsFor({this}))
        if (auto r = device->copy(*this, m_dtype))
            return *r;
    Tensor out = allocate(m_shape, m_dtype, m_device);
    out.copyFrom(*this);
    return out;
}

Tensor Tensor::to(DType dtype, bool copy) const
{
    if (dtype == m_dtype && !copy && !m_wrappedNumber)
        return *this;
    if (DeviceOps *device = deviceOpsFor({this}))
        if (auto r = device->copy(*this, dtype))
            return *r;
    Tensor out = allocate(m_shape, dtype, m_device);
    out.copyFrom(*this);
    return out;
}

Tensor Tensor::to(Device device) const
{
    Tensor t = *this;
    t.m_device = device;
    t.m_wrappedNumber = false;
    return t;
}

Scalar Tensor::item() const
{
    if (numel() != 1)
        runtimeError("a Tensor with " + std::to_string(numel())
                     + " elements cannot be converted to Scalar");
    const std::byte *p = m_storage->data() + flatOffset(*this, 0) * elementSize();
    if (isFloat(m_dtype))
        return Scalar::fromDouble(readElementDouble(m_dtype, p));
    if (isBool(m_dtype))
        return Scalar::fromBool(readElementInt(m_dtype, p) != 0);
    return Scalar::fromInt(readElementInt(m_dtype, p));
}

Nested Tensor::tolist() const
{
    if (dim() == 0)
        return Nested::of(item());
    std::vector<Nested> items;
    items.reserve(std::size_t(m_shape[0]));
    for (std::int64_t i = 0; i < m_shape[0]; ++i)
        items.push_back(select(0, i).tolist());
    return Nested::list(std::move(items));
}

} // namespace tsm::tensor
