// The Generated Code dock: line maps read from each kind of generated code, and the pane
// against the real `tilesmith serve` (its `code` request) - views filled, the Python line
// under the cursor highlighted in the CUDA C, a click going back, stale signatures explained,
// the standalone .cu exported.

#include "app/studio/code_view_pane.h"
#include "app/studio/line_map.h"
#include "app/studio/runner_client.h"

#include <QFile>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

using namespace tsm;

namespace {

QString readSource(const QString &relative)
{
    QFile f(QStringLiteral(TSM_SOURCE_DIR) + QLatin1Char('/') + relative);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

/// The 1-based line of the first line of `text` containing `needle`.
int lineOf(const QString &text, const QString &needle)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(needle))
            return i + 1;
    return 0;
}

} // namespace

class TestCodeViewPane : public QObject
{
    Q_OBJECT

private slots:
    void irSuffixes()
    {
        const QList<int> map = pythonLinesOf(CodeKind::Ir,
                                             "kernel @k(%x: ptr<fp32>) {\n"
                                             "  %pid = program_id {axis = 0} : i32  # L30\n"
                                             "  %4 = constant 1024 : i32  # L31\n"
                                             "}",
                                             "k.py");
        QCOMPARE(map, (QList<int>{0, 30, 31, 0}));
        QCOMPARE(generatedLinesFor(map, 31), QList<int>{2});
        QVERIFY(generatedLinesFor(map, 0).isEmpty());
    }

    void cudaCommentsBelongToTheirLine()
    {
        const QStringList python{"def k(x_ptr):", "    pid = tl.program_id(0)", "    x = tl.load(x_ptr + pid)"};
        const QString cuda = "{\n"                                   // 0
                             "    const int lane = threadIdx.x;\n"   // 1: prologue
                             "    // pid = tl.program_id(0)\n"       // 2 -> 2
                             "    #line 2 \"/abs/dir/k.py\"\n"        // 3 -> 2
                             "    int pid = blockIdx.x;\n"           // 4 -> 2
                             "    // x = tl.load(x_ptr + pid)\n"     // 5 -> 3
                             "    float x[4];\n"                     // 6 -> 3
                             "    #pragma unroll\n"                  // 7 -> 3
                             "    #line 3 \"/abs/dir/k.py\"\n"        // 8 -> 3
                             "    x[0] = x_ptr[pid];\n"              // 9 -> 3
                             "    // a comment of the emitter\n"     // 10 -> 3 (no match)
                             "    #line 9 \"other.cu\"\n"             // 11 -> 0
                             "    y();\n"                            // 12 -> 0
                             "}";
        const QList<int> map = pythonLinesOf(CodeKind::Cuda, cuda, "k.py", python);
        QCOMPARE(map, (QList<int>{0, 0, 2, 2, 2, 3, 3, 3, 3, 3, 3, 0, 0, 0}));
    }

    void ptxFollowsInliningToPython()
    {
        const QString ptx = "\t.loc\t2 30 5\n"                                                   // 30
                            "\tmov.u32 %r1, %ctaid.x;\n"                                          // 30
                            "\t.loc\t3 253 5, function_name $L__info_string0, inlined_at 2 35 9\n" // 35
                            "\t.loc\t3 238 1, function_name $L__info_string1, inlined_at 3 253 5\n" // 35
                            "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];\n"                  // 35
                            "\t.loc\t1 7 5\n"                                                     // 0
                            "\tret;\n"                                                            // 0
                            "\t.file\t1 \"/work/k_kernel.cu\"\n"
                            "\t.file\t2 \"/work/bench/k.py\"\n"
                            "\t.file\t3 \"/work/tilesmith_device.cuh\"\n";
        const QList<int> map = pythonLinesOf(CodeKind::Ptx, ptx, "bench/k.py");
        QCOMPARE(map.mid(0, 7), (QList<int>{30, 30, 35, 35, 35, 0, 0}));
    }

    void sassLineComments()
    {
        const QString sass = "\t//## File \"/work/main/bench/gpu/swish.py\", line 35\n"
                             "        /*0020*/                   LDC.64 R6, c[0x0][0x210] ;\n"
                             "\t//## File \"/work/main/tilesmith_device.cuh\", line 238\n"
                             "        /*0040*/                   CS2R R32, SRZ ;\n"
                             "\t//## File \"/x/tilesmith_device.cuh\", line 253 inlined at \"/w/swish.py\", line 38\n"
                             "        /*0050*/                   MUFU.EX2 R3, R3 ;\n";
        const QList<int> map = pythonLinesOf(CodeKind::Sass, sass, "swish.py");
        QCOMPARE(map, (QList<int>{35, 35, 0, 0, 38, 38, 38}));
    }

    void sassOfTheH200MapsHeaderCodeToItsPythonCall()
    {
        // nvdisasm -c -gi of swish_kernel (BLOCK 1024) as the `code` request returns it on the H200:
        // the loads and exp / division come from device-header functions, whose inlining chains
        // end at the Python line that called them.
        const QString sass = readSource(QStringLiteral("tests/data/studio/swish_kernel_h200_gi.sass"));
        QVERIFY(!sass.isEmpty());
        const QList<int> map = pythonLinesOf(CodeKind::Sass, sass, QStringLiteral("/elsewhere/swish.py"));
        const QStringList lines = sass.split(QLatin1Char('\n'));
        QCOMPARE(map.size(), lines.size());
        auto lineOfInstruction = [&](const QString &text) {
            for (int i = 0; i < lines.size(); ++i)
                if (lines[i].contains(text))
                    return map[i];
            return -1;
        };
        QCOMPARE(lineOfInstruction(QStringLiteral("LDG.E.128 R8")), 33);  // x = tl.load(...)
        QCOMPARE(lineOfInstruction(QStringLiteral("ISETP.GE.AND P1")), 32); // mask = offsets < n
        QCOMPARE(lineOfInstruction(QStringLiteral("S2R R5, SR_CTAID.X")), 28); // pid
        QCOMPARE(lineOfInstruction(QStringLiteral("FMUL R12, R8")), 36); // tl.exp(-beta * x)
        QCOMPARE(lineOfInstruction(QStringLiteral("S2R R0, SR_TID.X")), 0); // the kernel's prologue
        QVERIFY(generatedLinesFor(map, 33).size() >= 4);
    }

    void buildsFollowsAndGoesBack()
    {
        RunnerClient runner(QStringLiteral(TSM_TILESMITH_BIN));
        const QString path = QStringLiteral(TSM_SOURCE_DIR "/bench/gpu/swish.py");
        const QString text = readSource(QStringLiteral("bench/gpu/swish.py"));
        QVERIFY(!text.isEmpty());
        CodeViewPane pane(&runner, [&] { return CodeViewPane::Source{path, text}; });
        QSignalSpy updated(&pane, &CodeViewPane::codeUpdated);
        pane.addSpecialization(QStringLiteral("swish_kernel"),
                               QStringLiteral("*fp32:16, *fp32:16, i32:16, constexpr 1.0, constexpr 1024 | warps=4 stages=3"));
        QVERIFY(updated.wait(60000));
        const QJsonObject code = pane.lastCode();
        QCOMPARE(code.value("kernel").toString(), QStringLiteral("swish_kernel"));
        QVERIFY(pane.view(CodeKind::Cuda)->toPlainText().contains("__global__"));
        QVERIFY(pane.view(CodeKind::Ir)->toPlainText().contains("kernel @swish_kernel"));
        const bool havePtx = code.contains("ptx");
        if (havePtx) {
            QVERIFY(pane.view(CodeKind::Ptx)->toPlainText().contains(".entry swish_kernel"));
            QVERIFY2(pane.resourceText().contains("registers"), qPrintable(pane.resourceText()));
            QVERIFY(pane.resourceText().contains("occupancy"));
        } else {
            QVERIFY(pane.view(CodeKind::Ptx)->toPlainText().contains("not available"));
        }
        if (!code.contains("sass"))
            QVERIFY(pane.view(CodeKind::Sass)->toPlainText().contains("not available"));

        // The tl.load line lights up the CUDA C that loads, and the PTX's ld.global.
        const int load = lineOf(text, "x = tl.load(");
        QVERIFY(load > 0);
        pane.followPythonLine(load);
        const QList<int> cudaLines = pane.highlightedLines(CodeKind::Cuda);
        QVERIFY(!cudaLines.isEmpty());
        bool loads = false;
        for (int n : cudaLines)
            loads |= pane.view(CodeKind::Cuda)->document()->findBlockByNumber(n).text().contains("tsm::load");
        QVERIFY(loads);
        QVERIFY(!pane.highlightedLines(CodeKind::Ir).isEmpty());
        if (havePtx) {
            bool ld = false;
            for (int n : pane.highlightedLines(CodeKind::Ptx))
                ld |= pane.view(CodeKind::Ptx)->document()->findBlockByNumber(n).text().contains("ld.global");
            QVERIFY(ld);
        }

        // Clicking a generated line of another statement goes back to it.
        const int store = lineOf(text, "tl.store(output_ptr");
        QSignalSpy back(&pane, &CodeViewPane::pythonLineActivated);
        QPlainTextEdit *cudaView = pane.view(CodeKind::Cuda);
        int storeLine = -1;
        for (QTextBlock b = cudaView->document()->begin(); b.isValid(); b = b.next())
            if (b.text().contains("tsm::store<"))
                storeLine = b.blockNumber();
        QVERIFY(storeLine >= 0);
        cudaView->setTextCursor(QTextCursor(cudaView->document()->findBlockByNumber(storeLine)));
        QCOMPARE(back.count(), 1);
        QCOMPARE(back.first().first().toInt(), store);
        QVERIFY(pane.highlightedLines(CodeKind::Cuda).contains(storeLine));

        // Export writes the standalone file.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(pane.exportCuda(dir.filePath("swish.cu"), &error), qPrintable(error));
        QFile f(dir.filePath("swish.cu"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray cu = f.readAll();
        QVERIFY(cu.contains("__global__"));
        QVERIFY(!cu.contains("#include \"tilesmith_device.cuh\"")); // the header is inlined
        QVERIFY(!pane.exportCuda(QStringLiteral("/nonexistent/dir/x.cu"), &error));
        QVERIFY(error.contains("Cannot write"));
    }

    void staleSignatureIsExplained()
    {
        RunnerClient runner(QStringLiteral(TSM_TILESMITH_BIN));
        const QString text = readSource(QStringLiteral("bench/gpu/swish.py"));
        CodeViewPane pane(&runner, [&] { return CodeViewPane::Source{QStringLiteral("swish.py"), text}; });
        QSignalSpy updated(&pane, &CodeViewPane::codeUpdated);
        pane.addSpecialization(QStringLiteral("swish_kernel"), QStringLiteral("*fp32:16, i32 | warps=4 stages=3"));
        QVERIFY(updated.wait(60000));
        QVERIFY2(pane.statusText().contains("no longer fits"), qPrintable(pane.statusText()));
        QVERIFY(pane.lastCode().isEmpty());
        pane.addSpecialization(QStringLiteral("no_such_kernel"), QStringLiteral("i32 | warps=4 stages=3"));
        QVERIFY(updated.wait(60000));
        QVERIFY2(pane.statusText().contains("no function 'no_such_kernel'"), qPrintable(pane.statusText()));
        QCOMPARE(pane.specializationCount(), 2);
        pane.clearSpecializations();
        QCOMPARE(pane.specializationCount(), 0);
    }
};

QTEST_MAIN(TestCodeViewPane)
#include "tst_code_view_pane.moc"
