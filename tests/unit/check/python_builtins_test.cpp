#include "core/check/python_builtins.h"

#include <gtest/gtest.h>

using namespace tsm::check;

TEST(PythonBuiltins, KnowsFunctionsTypesExceptionsAndModuleAttributes)
{
    for (const char *name : {"len",
                             "range",
                             "print",
                             "isinstance",
                             "super",
                             "ValueError",
                             "NotImplementedError",
                             "ModuleNotFoundError",
                             "ExceptionGroup",
                             "True",
                             "None",
                             "Ellipsis",
                             "__name__",
                             "__file__",
                             "__doc__",
                             "__builtins__",
                             "__spec__",
                             "__debug__"})
        EXPECT_TRUE(isPythonBuiltinName(name)) << name;
}

TEST(PythonBuiltins, RejectsEverythingElse)
{
    for (const char *name : {"", "tl", "torch", "reveal_type", "lenn", "self", "triton", "np"})
        EXPECT_FALSE(isPythonBuiltinName(name)) << name;
}
