// Triton API completion and call tips: names resolved through the file's imports, the module's
// names after '.', a function's signature and doc after '(', and the editor showing them as the
// user types.

#include "editor/api_completion.h"
#include "editor/kernel_editor.h"

#include <QtTest>

using namespace tsm;

namespace {

const QString kSource = QStringLiteral("import torch\n"
                                       "import triton\n"
                                       "import triton.language as tl\n"
                                       "from triton.language.extra import libdevice\n"
                                       "\n"
                                       "x = 1\n");

} // namespace

class TestApiCompletion : public QObject
{
    Q_OBJECT

private slots:
    void testModulesResolveThroughImports()
    {
        QCOMPARE(resolveApiModule(QStringLiteral("tl"), kSource), QStringLiteral("triton.language"));
        QCOMPARE(resolveApiModule(QStringLiteral("triton.testing"), kSource), QStringLiteral("triton.testing"));
        QVERIFY(resolveApiModule(QStringLiteral("libdevice"), kSource).endsWith(QStringLiteral("libdevice")));
        QCOMPARE(resolveApiModule(QStringLiteral("x"), kSource), QString());
        QCOMPARE(resolveApiModule(QStringLiteral("tl"), QStringLiteral("import numpy as tl\n")), QString());
    }

    void testCompletionsAndCallTips()
    {
        const QStringList names = apiCompletions(QStringLiteral("tl"), kSource);
        QVERIFY(names.contains(QStringLiteral("load")));
        QVERIFY(names.contains(QStringLiteral("arange")));
        QVERIFY(names.contains(QStringLiteral("float16")));
        QVERIFY(std::is_sorted(names.begin(), names.end()));
        QVERIFY(apiCompletions(QStringLiteral("libdevice"), kSource).contains(QStringLiteral("tanh")));
        QVERIFY(apiCompletions(QStringLiteral("x"), kSource).isEmpty());
        const QString tip = apiCallTip(QStringLiteral("tl.load"), kSource);
        QVERIFY2(tip.startsWith(QStringLiteral("load(pointer")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1Char('\n')), qPrintable(tip)); // and its one-line doc
        QCOMPARE(apiCallTip(QStringLiteral("tl.float16"), kSource), QString()); // not callable
        QCOMPARE(dottedNameBefore(QStringLiteral("    y = tl.math"), 15), QStringLiteral("tl.math"));
        QCOMPARE(dottedNameBefore(QStringLiteral("f(a, tl"), 7), QStringLiteral("tl"));
        QCOMPARE(dottedNameBefore(QStringLiteral("x = 1."), 5), QString());
    }

    void testTorchNamesComeFromTheInterpretersTorch()
    {
        const QString src = QStringLiteral("import torch\nimport torch.nn.functional as F\n");
        const QStringList torch = apiCompletions(QStringLiteral("torch"), src);
        QVERIFY(torch.contains(QStringLiteral("empty_like")));
        QVERIFY(torch.contains(QStringLiteral("randn")));
        QVERIFY(torch.contains(QStringLiteral("float16")));
        QVERIFY(torch.contains(QStringLiteral("testing")));
        QVERIFY(!torch.contains(QStringLiteral("load"))); // tl's, not torch's
        QVERIFY(std::is_sorted(torch.begin(), torch.end()));
        QVERIFY(apiCompletions(QStringLiteral("F"), src).contains(QStringLiteral("softmax")));
        QVERIFY(apiCompletions(QStringLiteral("torch.testing"), src).contains(QStringLiteral("assert_close")));
        QVERIFY(apiCompletions(QStringLiteral("torch.nosuch"), src).isEmpty());
        QVERIFY(apiCompletions(QStringLiteral("torchy"), src).isEmpty());
    }

    void testTheEditorOffersThemWhileTyping()
    {
        KernelEditor e;
        e.setText(kSource);
        e.setCursorPosition(5, 0);
        QTest::keyClicks(&e, QStringLiteral("y = tl."));
        QVERIFY(e.isListActive());
        e.SendScintilla(QsciScintillaBase::SCI_AUTOCCANCEL);
        QTest::keyClicks(&e, QStringLiteral("load("));
        QVERIFY(e.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
        QTest::keyClicks(&e, QStringLiteral("p)"));
        QVERIFY(!e.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
        QVERIFY(e.text().contains(QStringLiteral("y = tl.load(p)")));
    }
};

QTEST_MAIN(TestApiCompletion)
#include "tst_api_completion.moc"
