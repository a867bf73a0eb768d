// The `math` module: CPython's functions on ints and floats with its error messages
// ("math domain error"), ceil/floor returning ints.

#include "core/host/py_exception.h"
#include "core/host/torch_module.h"

#include <cmath>
#include <numeric>

namespace tsm::host {

namespace {

double real(const Value &v)
{
    return toDouble(v);
}

Value checked(double r)
{
    if (std::isnan(r))
        throwValueError("math domain error");
    return Value::real(r);
}

template <double (*Fn)(double)> BuiltinFn unary(std::string name, bool domainCheck = true)
{
    return [name, domainCheck](CallArgs &a) {
        a.expectPositional(name, 1, 1);
        double x = real(a[0]);
        double r = Fn(x);
        if (domainCheck && std::isnan(r) && !std::isnan(x))
            throwValueError("math domain error");
        return Value::real(r);
    };
}

Value toIntegral(double r, std::string_view what)
{
    if (std::isnan(r))
        throwValueError("cannot convert float NaN to integer");
    if (std::isinf(r))
        throwPy("OverflowError", "cannot convert float infinity to integer");
    return checkedInt(static_cast<long double>(r));
}

Value logFn(CallArgs &a)
{
    a.expectPositional("log", 1, 2);
    double x = real(a[0]);
    if (x <= 0)
        throwValueError(x == 0 ? "math domain error" : "math domain error");
    double r = std::log(x);
    if (a.size() == 2) {
        double b = real(a[1]);
        if (b <= 0 || b == 1)
            throwValueError(b == 1 ? "float division by zero" : "math domain error");
        r /= std::log(b);
    }
    return Value::real(r);
}

template <double (*Fn)(double)> BuiltinFn positiveLog(std::string name)
{
    return [name](CallArgs &a) {
        a.expectPositional(name, 1, 1);
        double x = real(a[0]);
        if (x <= 0)
            throwValueError("math domain error");
        return Value::real(Fn(x));
    };
}

Value sqrtFn(CallArgs &a)
{
    a.expectPositional("sqrt", 1, 1);
    double x = real(a[0]);
    if (x < 0)
        throwValueError("math domain error");
    return Value::real(std::sqrt(x));
}

Value powFn(CallArgs &a)
{
    a.expectPositional("pow", 2, 2);
    double x = real(a[0]), y = real(a[1]);
    if (x == 0 && y < 0)
        throwValueError("math domain error");
    return checked(std::pow(x, y));
}

Value iscloseFn(CallArgs &a)
{
    auto v = a.bind(
        "isclose",
        {{"a"}, {"b"}, {"rel_tol", Value::real(1e-9), true}, {"abs_tol", Value::real(0.0), true}});
    double x = real(v[0]), y = real(v[1]), rt = real(v[2]), at = real(v[3]);
    if (x == y)
        return Value::boolean(true);
    if (std::isinf(x) || std::isinf(y))
        return Value::boolean(false);
    double d = std::fabs(x - y);
    return Value::boolean(d <= std::fabs(rt * y) || d <= std::fabs(rt * x) || d <= at);
}

Value prodFn(CallArgs &a)
{
    auto v = a.bind("prod", {{"iterable"}, {"start", Value::integer(1), true}});
    Value acc = v[1];
    for (const Value &x : iterateToVector(v[0])) {
        if (acc.isIntLike() && x.isIntLike())
            acc = checkedInt(static_cast<long double>(acc.asInt())
                             * static_cast<long double>(x.asInt()));
        else
            acc = Value::real(toDouble(acc) * toDouble(x));
    }
    return acc;
}

Value fsumFn(CallArgs &a)
{
    a.expectPositional("fsum", 1, 1);
    long double s = 0; // extended precision stands in for Shewchuk's exact sum
    for (const Value &x : iterateToVector(a[0]))
        s += static_cast<long double>(toDouble(x));
    return Value::real(double(s));
}

Value gcdFn(CallArgs &a)
{
    std::int64_t g = 0;
    for (const Value &x : a.positional)
        g = std::gcd(g, toIndex(x));
    return Value::integer(g);
}

Value lcmFn(CallArgs &a)
{
    std::int64_t l = 1;
    for (const Value &x : a.positional) {
        std::int64_t v = toIndex(x);
        if (v == 0)
            return Value::integer(0);
        l = std::lcm(l, v);
    }
    return Value::integer(std::abs(l));
}

Value factorialFn(CallArgs &a)
{
    a.expectPositional("factorial", 1, 1);
    std::int64_t n = toIndex(a[0]);
    if (n < 0)
        throwValueError("factorial() not defined for negative values");
    long double r = 1;
    for (std::int64_t i = 2; i <= n; ++i)
        r *= i;
    return checkedInt(r);
}

Value combFn(CallArgs &a)
{
    a.expectPositional("comb", 2, 2);
    std::int64_t n = toIndex(a[0]), k = toIndex(a[1]);
    if (n < 0 || k < 0)
        throwValueError(n < 0 ? "n must be a non-negative integer"
                              : "k must be a non-negative integer");
    if (k > n)
        return Value::integer(0);
    k = std::min(k, n - k);
    long double r = 1;
    for (std::int64_t i = 1; i <= k; ++i)
        r = r * (n - k + i) / i;
    return checkedInt(std::roundl(r));
}

} // namespace

std::shared_ptr<LibraryModule> makeMathModule()
{
    auto m = makeLibraryModule("math");
    m->set("pi", Value::real(3.141592653589793));
    m->set("e", Value::real(2.718281828459045));
    m->set("tau", Value::real(6.283185307179586));
    m->set("inf", Value::real(std::numeric_limits<double>::infinity()));
    m->set("nan", Value::real(std::numeric_limits<double>::quiet_NaN()));
    m->def("sqrt", sqrtFn);
    m->def("exp", unary<std::exp>("exp"));
    m->def("expm1", unary<std::expm1>("expm1"));
    m->def("log", logFn);
    m->def("log2", positiveLog<std::log2>("log2"));
    m->def("log10", positiveLog<std::log10>("log10"));
    m->def("log1p", [](CallArgs &a) {
        a.expectPositional("log1p", 1, 1);
        double x = real(a[0]);
        if (x <= -1)
            throwValueError("math domain error");
        return Value::real(std::log1p(x));
    });
    m->def("pow", powFn);
    for (auto [name, fn] : {std::pair{"sin", &::sin},
                            {"cos", &::cos},
                            {"tan", &::tan},
                            {"asin", &::asin},
                            {"acos", &::acos},
                            {"atan", &::atan},
                            {"sinh", &::sinh},
                            {"cosh", &::cosh},
                            {"tanh", &::tanh},
                            {"erf", &::erf},
                            {"erfc", &::erfc},
                            {"fabs", &::fabs},
                            {"gamma", &::tgamma},
                            {"lgamma", &::lgamma}}) {
        double (*f)(double) = fn;
        std::string n = name;
        m->def(name, [f, n](CallArgs &a) {
            a.expectPositional(n, 1, 1);
            double x = real(a[0]);
            double r = f(x);
            if (std::isnan(r) && !std::isnan(x))
                throwValueError("math domain error");
            return Value::real(r);
        });
    }
    m->def("ceil", [](CallArgs &a) {
        a.expectPositional("ceil", 1, 1);
        return a[0].isIntLike() ? Value::integer(a[0].asInt())
                                : toIntegral(std::ceil(real(a[0])), "ceil");
    });
    m->def("floor", [](CallArgs &a) {
        a.expectPositional("floor", 1, 1);
        return a[0].isIntLike() ? Value::integer(a[0].asInt())
                                : toIntegral(std::floor(real(a[0])), "floor");
    });
    m->def("trunc", [](CallArgs &a) {
        a.expectPositional("trunc", 1, 1);
        return a[0].isIntLike() ? Value::integer(a[0].asInt())
                                : toIntegral(std::trunc(real(a[0])), "trunc");
    });
    m->def("atan2", [](CallArgs &a) {
        a.expectPositional("atan2", 2, 2);
        return Value::real(std::atan2(real(a[0]), real(a[1])));
    });
    m->def("hypot", [](CallArgs &a) {
        double s = 0;
        for (const Value &x : a.positional)
            s = std::hypot(s, real(x));
        return Value::real(s);
    });
    m->def("copysign", [](CallArgs &a) {
        a.expectPositional("copysign", 2, 2);
        return Value::real(std::copysign(real(a[0]), real(a[1])));
    });
    m->def("fmod", [](CallArgs &a) {
        a.expectPositional("fmod", 2, 2);
        double y = real(a[1]);
        if (y == 0)
            throwValueError("math domain error");
        return Value::real(std::fmod(real(a[0]), y));
    });
    m->def("degrees", [](CallArgs &a) {
        a.expectPositional("degrees", 1, 1);
        return Value::real(real(a[0]) * 180.0 / 3.141592653589793);
    });
    m->def("radians", [](CallArgs &a) {
        a.expectPositional("radians", 1, 1);
        return Value::real(real(a[0]) * 3.141592653589793 / 180.0);
    });
    m->def("isnan", [](CallArgs &a) {
        a.expectPositional("isnan", 1, 1);
        return Value::boolean(std::isnan(real(a[0])));
    });
    m->def("isinf", [](CallArgs &a) {
        a.expectPositional("isinf", 1, 1);
        return Value::boolean(std::isinf(real(a[0])));
    });
    m->def("isfinite", [](CallArgs &a) {
        a.expectPositional("isfinite", 1, 1);
        return Value::boolean(std::isfinite(real(a[0])));
    });
    m->def("isclose", iscloseFn);
    m->def("prod", prodFn);
    m->def("fsum", fsumFn);
    m->def("gcd", gcdFn);
    m->def("lcm", lcmFn);
    m->def("factorial", factorialFn);
    m->def("comb", combFn);
    m->def("isqrt", [](CallArgs &a) {
        a.expectPositional("isqrt", 1, 1);
        std::int64_t n = toIndex(a[0]);
        if (n < 0)
            throwValueError("isqrt() argument must be nonnegative");
        auto r = std::int64_t(std::sqrt(double(n)));
        while (r * r > n)
            --r;
        while ((r + 1) * (r + 1) <= n)
            ++r;
        return Value::integer(r);
    });
    return m;
}

} // namespace tsm::host
