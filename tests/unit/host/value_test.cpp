// Value kinds, Python equality and hashing across numeric kinds, the ordered dict, slices and
// ranges.

#include "core/host/object.h"
#include "core/host/py_exception.h"
#include "core/host/py_format.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::host;

TEST(Value, KindsAndTypeNames)
{
    EXPECT_EQ(Value().typeName(), "NoneType");
    EXPECT_EQ(Value::boolean(true).typeName(), "bool");
    EXPECT_EQ(Value::integer(3).typeName(), "int");
    EXPECT_EQ(Value::real(1.5).typeName(), "float");
    EXPECT_EQ(Value::str("a").typeName(), "str");
    EXPECT_EQ(Value::list({}).kind(), ValueKind::List);
    EXPECT_EQ(Value::tuple({}).kind(), ValueKind::Tuple);
    EXPECT_EQ(Value::dict().kind(), ValueKind::Dict);
    EXPECT_TRUE(Value::integer(1).isIntLike());
    EXPECT_TRUE(Value::boolean(false).isIntLike());
    EXPECT_FALSE(Value::boolean(false).isInt());
}

TEST(Value, NumericEqualityAndHashAgreeAcrossKinds)
{
    EXPECT_TRUE(valuesEqual(Value::integer(1), Value::real(1.0)));
    EXPECT_TRUE(valuesEqual(Value::boolean(true), Value::integer(1)));
    EXPECT_FALSE(valuesEqual(Value::integer(1), Value::str("1")));
    EXPECT_EQ(hashValue(Value::integer(1)), hashValue(Value::real(1.0)));
    EXPECT_EQ(hashValue(Value::boolean(true)), hashValue(Value::integer(1)));
    // 2**53 + 1 is not equal to the nearest double.
    EXPECT_FALSE(
        valuesEqual(Value::integer((std::int64_t(1) << 53) + 1), Value::real(9007199254740992.0)));
    EXPECT_EQ(std::int64_t(hashValue(Value::integer(-1))), -2);
}

TEST(Value, DictKeepsInsertionOrderAndMergesEqualKeys)
{
    Value d = Value::dict();
    d.asDict().set(Value::str("b"), Value::integer(1));
    d.asDict().set(Value::integer(1), Value::str("int"));
    d.asDict().set(Value::real(1.0), Value::str("float"));
    d.asDict().set(Value::str("a"), Value::integer(2));
    EXPECT_EQ(pyRepr(d), "{'b': 1, 1: 'float', 'a': 2}");
    EXPECT_TRUE(d.asDict().erase(Value::boolean(true)));
    EXPECT_EQ(pyRepr(d), "{'b': 1, 'a': 2}");
    EXPECT_THROW(d.asDict().set(Value::list({}), Value()), PyException);
}

TEST(Value, RangeAndSliceArithmetic)
{
    RangeObject r(0, 10, 3);
    EXPECT_EQ(r.size(), 4);
    EXPECT_EQ(RangeObject(10, 0, -3).size(), 4);
    EXPECT_EQ(RangeObject(0, 0, 1).size(), 0);
    EXPECT_EQ(RangeObject(INT64_MIN, INT64_MAX, 1).size(), -1); // does not fit: caller's check
    SliceObject s;
    s.step = Value::integer(-1);
    std::int64_t start, stop, step;
    s.indices(5, start, stop, step);
    EXPECT_EQ(start, 4);
    EXPECT_EQ(stop, -1);
    EXPECT_EQ(SliceObject::sliceLength(start, stop, step), 5);
}

TEST(Value, ProtocolErrorsUseCPythonWording)
{
    try {
        toIndex(Value::real(1.5));
        FAIL();
    } catch (const PyException &e) {
        EXPECT_EQ(e.type(), "TypeError");
        EXPECT_EQ(e.message(), "'float' object cannot be interpreted as an integer");
    }
    try {
        lengthOf(Value::integer(3));
        FAIL();
    } catch (const PyException &e) {
        EXPECT_EQ(e.message(), "object of type 'int' has no len()");
    }
    EXPECT_EQ(iterateToVector(Value::str("héllo")).size(), 5u);
    EXPECT_EQ(lengthOf(Value::str("héllo")), 5);
}

TEST(Value, ExceptionClassesFormAHierarchy)
{
    PyException e("ZeroDivisionError", "division by zero");
    EXPECT_TRUE(e.matches("ArithmeticError"));
    EXPECT_TRUE(e.matches("Exception"));
    EXPECT_FALSE(e.matches("ValueError"));
    EXPECT_EQ(pyStr(e.value()), "division by zero");
    EXPECT_EQ(pyRepr(e.value()), "ZeroDivisionError('division by zero')");
}
