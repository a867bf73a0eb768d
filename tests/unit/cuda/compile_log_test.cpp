#include "core/cuda/nvrtc_compiler.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::cuda;

namespace {
// Captured from NVRTC 13.0: generated code with `#line 12 "/x/file.py"` and `#line 14 ...`.
constexpr const char *kTwoErrors
    = "/x/file.py(12): error: identifier \"undefined_thing\" is undefined\n"
      "  extern \"C\" __global__ void k(float* x){ x[threadIdx.x] = undefined_thing; }\n"
      "                                                           ^\n"
      "\n"
      "/x/file.py(14): error: expected an expression\n"
      "   int y = ; \n"
      "           ^\n"
      "\n"
      "2 errors detected in the compilation of \"/tilesmith/k.cu\".\n";

std::string pySource()
{
    std::string s;
    for (int i = 1; i <= 20; ++i)
        s += "    line_" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    return s;
}
} // namespace

TEST(CudaCompileLog, ErrorsLandOnThePythonLines)
{
    SourceManager sm;
    const SourceFile &f = sm.add("/x/file.py", pySource());
    DiagnosticSink sink;
    reportCompileLog("k", kTwoErrors, &f, sink);
    ASSERT_EQ(sink.diagnostics().size(), 2u);
    const Diagnostic &d = sink.diagnostics()[0];
    EXPECT_EQ(d.kind, DiagKind::CudaCompileFailed);
    EXPECT_EQ(d.origin, DiagOrigin::Nvrtc);
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.span.file, f.id());
    EXPECT_EQ(f.lineCol(d.span.begin).line, 12u);
    EXPECT_EQ(f.slice(d.span), "line_12 = 12");
    EXPECT_EQ(d.message,
              "NVRTC could not compile kernel 'k': identifier \"undefined_thing\" is undefined");
    ASSERT_EQ(d.notes.size(), 1u);
    EXPECT_NE(d.notes[0].message.find("x[threadIdx.x] = undefined_thing;"), std::string::npos);
    EXPECT_EQ(f.lineCol(sink.diagnostics()[1].span.begin).line, 14u);
}

TEST(CudaCompileLog, MatchesTheFileByNameWhenDirectoriesDiffer)
{
    SourceManager sm;
    const SourceFile &f = sm.add("examples/file.py", pySource());
    DiagnosticSink sink;
    reportCompileLog("k", kTwoErrors, &f, sink);
    ASSERT_EQ(sink.diagnostics().size(), 2u);
    EXPECT_EQ(sink.diagnostics()[0].span.file, f.id());
}

TEST(CudaCompileLog, ErrorsElsewhereKeepTheWholeMessageWithoutALocation)
{
    SourceManager sm;
    const SourceFile &f = sm.add("/x/other.py", pySource());
    DiagnosticSink sink;
    reportCompileLog("k", kTwoErrors, &f, sink);
    ASSERT_EQ(sink.diagnostics().size(), 2u);
    const Diagnostic &d = sink.diagnostics()[0];
    EXPECT_GE(d.span.file, sm.fileCount());
    EXPECT_NE(d.message.find("/x/file.py(12): error: identifier"), std::string::npos);

    DiagnosticSink noFile;
    reportCompileLog("k", kTwoErrors, nullptr, noFile);
    EXPECT_EQ(noFile.diagnostics().size(), 2u);
}

TEST(CudaCompileLog, LineOutsideTheFileIsUnlocated)
{
    SourceManager sm;
    const SourceFile &f = sm.add("/x/file.py", "a = 1\n");
    DiagnosticSink sink;
    reportCompileLog("k", kTwoErrors, &f, sink);
    ASSERT_EQ(sink.diagnostics().size(), 2u);
    EXPECT_GE(sink.diagnostics()[0].span.file, sm.fileCount());
}

TEST(CudaCompileLog, ALogWithoutLocatedErrorsBecomesOneDiagnostic)
{
    DiagnosticSink sink;
    reportCompileLog(
        "swish", "nvrtc: error: invalid value for --gpu-architecture (-arch)\n", nullptr, sink);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].message,
              "NVRTC could not compile kernel 'swish': nvrtc: error: invalid value for "
              "--gpu-architecture (-arch)");
    EXPECT_EQ(sink.diagnostics()[0].origin, DiagOrigin::Nvrtc);
}

TEST(CudaCompileLog, WarningsBecomeNotesOfTheFirstError)
{
    SourceManager sm;
    const SourceFile &f = sm.add("/x/file.py", pySource());
    const std::string log
        = "/x/file.py(3): warning #177-D: variable \"z\" was declared but never referenced\n"
          "  int z;\n"
          "      ^\n"
          "\n"
          + std::string(kTwoErrors);
    DiagnosticSink sink;
    reportCompileLog("k", log, &f, sink);
    ASSERT_EQ(sink.diagnostics().size(), 2u);
    const Diagnostic &d = sink.diagnostics()[0];
    ASSERT_EQ(d.notes.size(), 2u);
    EXPECT_TRUE(d.notes[1].hasSpan);
    EXPECT_EQ(f.lineCol(d.notes[1].span.begin).line, 3u);
    EXPECT_NE(d.notes[1].message.find("never referenced"), std::string::npos);
}

TEST(CudaCompileLog, KeepsEarlierDiagnosticsOfTheSink)
{
    DiagnosticSink sink;
    sink.report(DiagKind::CudaUnavailable, {}, {"no driver"});
    reportCompileLog("k", kTwoErrors, nullptr, sink);
    EXPECT_EQ(sink.diagnostics().size(), 3u);
    EXPECT_EQ(sink.diagnostics()[0].kind, DiagKind::CudaUnavailable);
}
