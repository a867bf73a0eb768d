// KernelSignatures and KernelTypes: the last run's signatures per kernel, the hover's types and
// sema's diagnostics computed with them in the check worker, the editor's hover, and the whole
// loop through a real run in the main window.

#include "app/studio/check_service.h"
#include "app/studio/kernel_types.h"
#include "app/studio/main_window.h"
#include "app/studio/runner_client.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

using namespace tsm;

namespace {

const QByteArray kSwish = "import triton\n"
                          "import triton.language as tl\n"
                          "\n"
                          "@triton.jit\n"
                          "def swish_kernel(x_ptr, out_ptr, n_elements, beta: tl.constexpr,\n"
                          "                 BLOCK_SIZE: tl.constexpr):\n"
                          "    pid = tl.program_id(axis=0)\n"
                          "    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)\n"
                          "    mask = offsets < n_elements\n"
                          "    x = tl.load(x_ptr + offsets, mask=mask)\n"
                          "    output = x / (1.0 + tl.exp(-beta * x))\n"
                          "    tl.store(out_ptr + offsets, output, mask=mask)\n";

const QString kSig1024
    = QStringLiteral("*fp32:16, *fp32:16, i32, constexpr 1.0, constexpr 1024 | warps=4 stages=3");
const QString kSig256
    = QStringLiteral("*fp32:16, *fp32:16, i32, constexpr 1.0, constexpr 256 | warps=4 stages=3");

int offsetOf(const QByteArray &text, const char *needle, int from = 0)
{
    const int at = int(text.indexOf(needle, from));
    if (at < 0)
        qFatal("test text has no '%s'", needle);
    return at;
}

KernelSignatures signaturesOf(const QString &kernel, const QStringList &sigs)
{
    KernelSignatures s;
    s.beginRun();
    for (const QString &sig : sigs)
        s.record(QStringLiteral("k.py"), kernel, sig);
    return s;
}

// One check of `text` through the service, as the studio runs it.
CheckReport check(const QByteArray &text, const KernelSignatures &signatures)
{
    CheckService service;
    service.setSourceProvider([&] {
        return CheckService::Input{QStringLiteral("k.py"), text, signatures};
    });
    QSignalSpy spy(&service, &CheckService::checkFinished);
    service.checkNow();
    if (!spy.wait(10000))
        qFatal("no check report");
    return spy.at(0).at(0).value<CheckReport>();
}

QStringList problemsOfKind(const CheckReport &r, const QString &kind)
{
    QStringList out;
    for (const Problem &p : r.problems)
        if (p.kind == kind)
            out << QStringLiteral("%1:%2 %3").arg(p.line).arg(p.column).arg(p.message);
    return out;
}

} // namespace

class TestKernelTypes : public QObject
{
    Q_OBJECT

private slots:
    void signaturesKeepTheLastRunsPerKernelAndFile()
    {
        KernelSignatures s;
        s.beginRun();
        s.record(QStringLiteral("a.py"), QStringLiteral("k"), QStringLiteral("i32"));
        s.record(QStringLiteral("a.py"), QStringLiteral("k"), QStringLiteral("i64"));
        s.record(QStringLiteral("a.py"), QStringLiteral("k"), QStringLiteral("i32")); // again
        s.record(QStringLiteral("b.py"), QStringLiteral("other"), QStringLiteral("fp32"));
        QCOMPARE(s.signatures(QStringLiteral("k")), (QStringList{"i64", "i32"}));
        QCOMPARE(s.forFile(QStringLiteral("a.py")).kernels(), QStringList{"k"});
        QVERIFY(s.forFile(QStringLiteral("c.py")).isEmpty());
        // a new run that compiles k again replaces its signatures; `other` keeps its own
        s.beginRun();
        s.record(QStringLiteral("a.py"), QStringLiteral("k"), QStringLiteral("u64"));
        QCOMPARE(s.signatures(QStringLiteral("k")), QStringList{"u64"});
        QCOMPARE(s.signatures(QStringLiteral("other")), QStringList{"fp32"});
    }

    void hoverShowsParametersBlocksAndScalars()
    {
        const CheckReport report = check(kSwish, signaturesOf("swish_kernel", {kSig1024}));
        QCOMPARE(report.errorCount, 0);
        const KernelTypes &t = report.kernelTypes;
        QCOMPARE(t.generation, report.generation);
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "x_ptr")), QStringLiteral("x_ptr: pointer<fp32>"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "n_elements")), QStringLiteral("n_elements: i32"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "BLOCK_SIZE: tl") + 3),
                 QStringLiteral("BLOCK_SIZE: constexpr 1024"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "pid =")), QStringLiteral("pid: i32"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "offsets =") + 6),
                 QStringLiteral("offsets: i32[1024]"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "mask =")), QStringLiteral("mask: i1[1024]"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "x = ") - 0), QStringLiteral("x: fp32[1024]"));
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "x))")), QStringLiteral("x: fp32[1024]")); // a use
        QCOMPARE(t.hoverAt(offsetOf(kSwish, "output, mask")), QStringLiteral("output: fp32[1024]"));
        // not a kernel value: a builtin, a keyword, a space
        QVERIFY(t.hoverAt(offsetOf(kSwish, "tl.load")).isEmpty());
        QVERIFY(t.hoverAt(offsetOf(kSwish, "def ")).isEmpty());
        QVERIFY(t.hoverAt(offsetOf(kSwish, " = tl.load")).isEmpty());
    }

    void noRunNoTypes()
    {
        const CheckReport report = check(kSwish, {});
        QVERIFY(report.kernelTypes.isEmpty());
        QVERIFY(report.kernelTypes.hoverAt(offsetOf(kSwish, "x_ptr")).isEmpty());
    }

    void severalSpecializationsSayWhichIsShown()
    {
        const CheckReport report = check(kSwish, signaturesOf("swish_kernel", {kSig1024, kSig256}));
        QCOMPARE(report.kernelTypes.hoverAt(offsetOf(kSwish, "x = ")),
                 QStringLiteral("x: fp32[256]  (last of 2 specializations: BLOCK_SIZE=256)"));
        const CheckReport byArg = check(
            kSwish,
            signaturesOf("swish_kernel",
                         {kSig1024,
                          QStringLiteral("*fp32:16, *fp32:16, i32:16, constexpr 1.0, constexpr "
                                         "1024 | warps=8 stages=3")}));
        QCOMPARE(byArg.kernelTypes.hoverAt(offsetOf(kSwish, "pid =")),
                 QStringLiteral("pid: i32  (last of 2 specializations: n_elements=i32:16, "
                                "warps=8 stages=3)"));
        // the same signature twice is one specialization
        const CheckReport again = check(kSwish, signaturesOf("swish_kernel", {kSig1024, kSig1024}));
        QCOMPARE(again.kernelTypes.hoverAt(offsetOf(kSwish, "x = ")),
                 QStringLiteral("x: fp32[1024]"));
    }

    void aHelperInlinedIntoSeveralKernelsShowsEachKernelsTypes()
    {
        const QByteArray text = "import triton\n"
                                "import triton.language as tl\n"
                                "\n"
                                "@triton.jit\n"
                                "def _act(v):\n"
                                "    y = v + v\n"
                                "    return y\n"
                                "\n"
                                "@triton.jit\n"
                                "def k32(p, B: tl.constexpr):\n"
                                "    x = tl.load(p + tl.arange(0, B))\n"
                                "    tl.store(p + tl.arange(0, B), _act(x))\n"
                                "\n"
                                "@triton.jit\n"
                                "def k16(p, B: tl.constexpr):\n"
                                "    x = tl.load(p + tl.arange(0, B))\n"
                                "    tl.store(p + tl.arange(0, B), _act(x))\n"
                                "    tl.store(p + tl.arange(0, 64), _act(tl.load(p + tl.arange(0, 64))))\n";
        KernelSignatures s;
        s.beginRun();
        s.record(QStringLiteral("k.py"), QStringLiteral("k32"), QStringLiteral("*fp32:16, constexpr 1024 | warps=4 stages=3"));
        s.record(QStringLiteral("k.py"), QStringLiteral("k16"), QStringLiteral("*fp16:16, constexpr 256 | warps=4 stages=3"));
        const CheckReport report = check(text, s);
        QStringList problems;
        for (const Problem &p : report.problems)
            problems << p.kind + QLatin1Char(' ') + p.message;
        QCOMPARE(problems.join(" / "), QString());
        // The helper's names: each kernel's types (both of k16's call sites), no specialization
        // note; a kernel's own names as before.
        QCOMPARE(report.kernelTypes.hoverAt(offsetOf(text, "y =")),
                 QStringLiteral("y: fp32[1024] in k32; fp16[256], fp16[64] in k16"));
        QCOMPARE(report.kernelTypes.hoverAt(offsetOf(text, "x = ", offsetOf(text, "def k16"))),
                 QStringLiteral("x: fp16[256]"));
        // One kernel, one type: shown plainly.
        s.clear();
        s.beginRun();
        s.record(QStringLiteral("k.py"), QStringLiteral("k32"), QStringLiteral("*fp32:16, constexpr 1024 | warps=4 stages=3"));
        QCOMPARE(check(text, s).kernelTypes.hoverAt(offsetOf(text, "y =")), QStringLiteral("y: fp32[1024]"));
    }

    void staleSignaturesAreDroppedSilently()
    {
        // the kernel lost a parameter since the run: the signature no longer fits
        QByteArray edited = kSwish;
        edited.replace("n_elements, beta: tl.constexpr,", "beta: tl.constexpr,");
        edited.replace("offsets < n_elements", "offsets < 100");
        const CheckReport report = check(edited, signaturesOf("swish_kernel", {kSig1024}));
        QVERIFY(report.kernelTypes.isEmpty());
        QCOMPARE(report.errorCount, 0);
        QVERIFY(report.problems.isEmpty());
        // a stale one next to a good one: the good one is used, and counted alone
        const CheckReport mixed
            = check(kSwish, signaturesOf("swish_kernel", {QStringLiteral("*fp32, i32"), kSig1024}));
        QCOMPARE(mixed.kernelTypes.hoverAt(offsetOf(kSwish, "x = ")),
                 QStringLiteral("x: fp32[1024]"));
        // a kernel that was renamed
        QByteArray renamed = kSwish;
        renamed.replace("def swish_kernel", "def swish");
        QVERIFY(check(renamed, signaturesOf("swish_kernel", {kSig1024})).kernelTypes.isEmpty());
    }

    void semaErrorsOnlyOnceASignatureIsKnown()
    {
        const QByteArray text = "import triton\n"
                                "import triton.language as tl\n"
                                "\n"
                                "@triton.jit\n"
                                "def add_kernel(x_ptr, BLOCK: tl.constexpr):\n"
                                "    a = tl.arange(0, BLOCK)\n"
                                "    b = tl.arange(0, 64)\n"
                                "    c = a + b\n"
                                "    tl.store(x_ptr + a, c)\n";
        QCOMPARE(check(text, {}).errorCount, 0);
        const CheckReport report
            = check(text, signaturesOf("add_kernel", {QStringLiteral("*fp32:16, constexpr 128")}));
        const QStringList shapes = problemsOfKind(report, QStringLiteral("IncompatibleShapes"));
        QCOMPARE(shapes.size(), 1);
        QVERIFY2(shapes.first().startsWith(QStringLiteral("8:9 ")), qPrintable(shapes.first()));
        const Problem &p = report.problems.first();
        QCOMPARE(p.begin, offsetOf(text, "a + b"));
        QVERIFY2(
            p.notes.join('\n').contains(QStringLiteral("signature of the last run of add_kernel")),
            qPrintable(p.notes.join('\n')));
        // with BLOCK = 64 the shapes agree
        QCOMPARE(check(text, signaturesOf("add_kernel", {QStringLiteral("*fp32:16, constexpr 64")}))
                     .errorCount,
                 0);
    }

    void nonPowerOfTwoRangeIsReportedAtTheCall()
    {
        const QByteArray text = "import triton\n"
                                "import triton.language as tl\n"
                                "\n"
                                "@triton.jit\n"
                                "def k(x_ptr, BLOCK: tl.constexpr):\n"
                                "    offs = tl.arange(0, BLOCK)\n"
                                "    tl.store(x_ptr + offs, offs)\n";
        QCOMPARE(check(text, {}).errorCount, 0);
        const CheckReport report
            = check(text, signaturesOf("k", {QStringLiteral("*i32:16, constexpr 1000")}));
        QCOMPARE(report.errorCount, 1);
        const Problem &p = report.problems.first();
        QCOMPARE(p.line, 6);
        QVERIFY2(p.message.contains(QStringLiteral("power of 2"))
                     || p.message.contains(QStringLiteral("power of two")),
                 qPrintable(p.message));
        QVERIFY(p.begin >= offsetOf(text, "tl.arange")
                && p.end <= offsetOf(text, "\n    tl.store"));
    }

    void frontEndErrorsAreNotRepeatedBySema()
    {
        QByteArray text = kSwish;
        text.replace("tl.load(", "tl.lod(");
        const CheckReport report = check(text, signaturesOf("swish_kernel", {kSig1024}));
        QCOMPARE(report.errorCount, 1);
        QCOMPARE(report.problems.first().kind, QStringLiteral("UnknownTritonFunction"));
        // the types that sema could still infer are there
        QCOMPARE(report.kernelTypes.hoverAt(offsetOf(text, "pid =")), QStringLiteral("pid: i32"));
    }

    void editorHoverAsksTheProviderAfterDiagnostics()
    {
        KernelEditor editor;
        editor.resize(700, 300);
        editor.setUtf8Text(kSwish);
        const CheckReport report = check(kSwish, signaturesOf("swish_kernel", {kSig1024}));
        editor.setValueTypeProvider(
            [types = report.kernelTypes](int pos) { return types.hoverAt(pos); });
        const int x = offsetOf(kSwish, "x = ");
        QCOMPARE(editor.hoverText(x, QPoint(500, 0)), QStringLiteral("x: fp32[1024]"));
        editor.marks().setMarks({{x, x + 1, Severity::Error, QStringLiteral("bad x")}});
        QCOMPARE(editor.hoverText(x, QPoint(500, 0)), QStringLiteral("bad x"));
    }

    void dwellShowsTheTypeButNotOverACallTip()
    {
        KernelEditor editor;
        editor.resize(700, 300);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setUtf8Text(kSwish);
        const CheckReport report = check(kSwish, signaturesOf("swish_kernel", {kSig1024}));
        editor.setValueTypeProvider(
            [types = report.kernelTypes](int pos) { return types.hoverAt(pos); });
        const int mask = offsetOf(kSwish, "mask =");
        editor.showHoverAt(mask + 1);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), QStringLiteral("mask: i1[1024]"));
        QToolTip::hideText();
        QTRY_VERIFY(!QToolTip::isVisible());
        editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPSHOW, 0UL, "load(pointer, mask=None)");
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
        editor.showHoverAt(mask + 1);
        QTest::qWait(50);
        QVERIFY(!QToolTip::isVisible());
    }

    void aRealRunGivesTheHoverItsTypes()
    {
        QTemporaryDir dir;
        QTemporaryDir settings;
        useTestSettings(settings.path(), QStringLiteral("tst_kernel_types"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
        const QString path = dir.filePath(QStringLiteral("swish.py"));
        QVERIFY(QFile::copy(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py"), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QSignalSpy checked(w.checkService(), &CheckService::checkFinished);
        QVERIFY(checked.wait(10000));
        const QByteArray text = w.editor()->utf8Text();
        const int x = offsetOf(text, "    x = ") + 4;
        QVERIFY(w.editor()->hoverText(x, QPoint(500, 0)).isEmpty()); // no run yet

        w.setBackendChoice(QStringLiteral("interp"));
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        QVERIFY(w.runRequest(QStringLiteral("test")));
        // The start-up devices request may finish first: wait for the run itself.
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), 60000);
        QVERIFY(!finished.isEmpty());
        QVERIFY(!w.kernelSignatures().signatures(QStringLiteral("swish_kernel")).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!w.kernelTypes().isEmpty()
                                     && w.kernelTypes().generation
                                            == w.checkService()->generation(),
                                 10000);
        const QString tip = w.editor()->hoverText(x, QPoint(500, 0));
        QVERIFY2(tip.startsWith(QStringLiteral("x: fp32[")), qPrintable(tip));
        // test_swish launches multiples of 16, others and n = 1 (last), with two betas
        QCOMPARE(w.editor()->hoverText(offsetOf(text, "pid ="), QPoint(500, 0)),
                 QStringLiteral("pid: i32  (last of 6 specializations: n_elements=1, "
                                "beta=1.702)"));
        // an edit makes the table stale: nothing until the next check
        w.editor()->insertAt(QStringLiteral("# edited\n"), 0, 0);
        QVERIFY(w.editor()->hoverText(x + 9, QPoint(500, 0)).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(
            w.editor()->hoverText(x + 9, QPoint(500, 0)).startsWith("x: fp32["), 10000);
        w.editor()->setModified(false);
    }
};

QTEST_MAIN(TestKernelTypes)
#include "tst_kernel_types.moc"
