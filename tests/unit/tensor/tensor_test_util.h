#pragma once
// Small builders for the tensor unit tests.

#include "core/tensor/tensor.h"

#include <vector>

namespace tsm::tensor::test {

inline Tensor vec(const std::vector<double> &v, DType dtype = DType::F32)
{
    Tensor t = Tensor::allocate({std::int64_t(v.size())}, dtype);
    for (std::size_t i = 0; i < v.size(); ++i)
        writeElementDouble(dtype, t.data() + std::int64_t(i) * t.elementSize(), v[i]);
    return t;
}

inline Tensor ivec(const std::vector<std::int64_t> &v, DType dtype = DType::I64)
{
    Tensor t = Tensor::allocate({std::int64_t(v.size())}, dtype);
    for (std::size_t i = 0; i < v.size(); ++i)
        writeElementInt(dtype, t.data() + std::int64_t(i) * t.elementSize(), v[i]);
    return t;
}

inline Tensor mat(const std::vector<std::vector<double>> &rows, DType dtype = DType::F32)
{
    const std::int64_t r = std::int64_t(rows.size()), c = r ? std::int64_t(rows[0].size()) : 0;
    Tensor t = Tensor::allocate({r, c}, dtype);
    for (std::int64_t i = 0; i < r; ++i)
        for (std::int64_t j = 0; j < c; ++j)
            writeElementDouble(dtype,
                               t.data() + (i * c + j) * t.elementSize(),
                               rows[std::size_t(i)][std::size_t(j)]);
    return t;
}

/// Row-major values of any tensor.
inline std::vector<double> values(const Tensor &t)
{
    std::vector<double> out;
    for (std::int64_t i = 0; i < t.numel(); ++i)
        out.push_back(t.flatDouble(i));
    return out;
}

inline Tensor num(double v)
{
    return Tensor::fromScalar(Scalar::fromDouble(v));
}
inline Tensor inum(std::int64_t v)
{
    return Tensor::fromScalar(Scalar::fromInt(v));
}

} // namespace tsm::tensor::test
