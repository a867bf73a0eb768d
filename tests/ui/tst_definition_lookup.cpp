// findDefinition: where a name under a position is defined in the file (a function's
// parameters and locals, then module-level defs, classes, assignments, imports), and the
// editor's go to definition: F12, Ctrl+click, and Alt+Left back through a stack of jumps.

#include "editor/definition_lookup.h"
#include "editor/kernel_editor.h"

#include <QSignalSpy>
#include <QtTest>

using namespace tsm;

namespace {

const QByteArray kProgram = "import torch\n"                             // 1
                            "import triton\n"                            // 2
                            "import triton.language as tl\n"             // 3
                            "from math import sqrt as root\n"            // 4
                            "\n"                                         // 5
                            "SCALE: tl.constexpr = 2\n"                  // 6
                            "\n"                                         // 7
                            "@triton.jit\n"                              // 8
                            "def twice(v):\n"                            // 9
                            "    return v * SCALE\n"                     // 10
                            "\n"                                         // 11
                            "@triton.jit\n"                              // 12
                            "def kernel(x_ptr, BLOCK: tl.constexpr):\n"  // 13
                            "    offs = tl.arange(0, BLOCK)\n"           // 14
                            "    if BLOCK > 16:\n"                       // 15
                            "        y = twice(tl.load(x_ptr + offs))\n" // 16
                            "    tl.store(x_ptr + offs, y)\n"            // 17
                            "\n"                                         // 18
                            "def launch(x):\n"                           // 19
                            "    kernel[(1,)](x, BLOCK=64)\n"            // 20
                            "    return root(torch.numel(x))\n";         // 21

int offsetOf(const char *needle, int from = 0)
{
    const int at = int(kProgram.indexOf(needle, from));
    if (at < 0)
        qFatal("test text has no '%s'", needle);
    return at;
}

QByteArray definedName(const Definition &d)
{
    return kProgram.mid(d.begin, d.end - d.begin);
}

} // namespace

class TestDefinitionLookup : public QObject
{
    Q_OBJECT

private slots:
    void findsModuleLevelFunctionsAndAssignments()
    {
        Definition d = findDefinition(kProgram, offsetOf("twice(tl.load") + 2);
        QCOMPARE(d.kind, Definition::Kind::InFile);
        QCOMPARE(d.begin, offsetOf("twice(v)"));
        QCOMPARE(definedName(d), QByteArray("twice"));

        d = findDefinition(kProgram, offsetOf("kernel[(1,)]"));
        QCOMPARE(d.kind, Definition::Kind::InFile);
        QCOMPARE(d.begin, offsetOf("kernel(x_ptr"));

        d = findDefinition(kProgram, offsetOf("SCALE\n") + 5); // at the end of the word
        QCOMPARE(d.kind, Definition::Kind::InFile);
        QCOMPARE(d.begin, offsetOf("SCALE: tl"));
    }

    void findsParametersAndLocalsOfTheEnclosingFunction()
    {
        Definition d = findDefinition(kProgram, offsetOf("x_ptr + offs, y"));
        QCOMPARE(d.kind, Definition::Kind::InFile);
        QCOMPARE(d.begin, offsetOf("x_ptr, BLOCK"));

        d = findDefinition(kProgram, offsetOf("y)\n"));
        QCOMPARE(d.kind, Definition::Kind::InFile); // assigned inside the `if`
        QCOMPARE(d.begin, offsetOf("y = twice"));

        // `x` of launch, not of any other function
        d = findDefinition(kProgram, offsetOf("numel(x)") + 6);
        QCOMPARE(d.kind, Definition::Kind::InFile);
        QCOMPARE(d.begin, offsetOf("launch(x)") + 7);
    }

    void importedNamesAreOutsideTheFile()
    {
        Definition d = findDefinition(kProgram, offsetOf("tl.arange") + 4);
        QCOMPARE(d.kind, Definition::Kind::Imported);
        QCOMPARE(d.name, QStringLiteral("tl.arange"));
        QCOMPARE(d.module, QStringLiteral("triton.language"));

        d = findDefinition(kProgram, offsetOf("root(torch"));
        QCOMPARE(d.kind, Definition::Kind::Imported);
        QCOMPARE(d.module, QStringLiteral("math"));

        d = findDefinition(kProgram, offsetOf("torch.numel"));
        QCOMPARE(d.kind, Definition::Kind::Imported);
        QCOMPARE(d.module, QStringLiteral("torch"));
    }

    void nothingForUnknownNamesKeywordsAndNumbers()
    {
        QCOMPARE(findDefinition(kProgram, offsetOf("numel")).kind, Definition::Kind::Imported);
        QCOMPARE(findDefinition(kProgram, offsetOf("def kernel")).kind, Definition::Kind::None);
        QCOMPARE(findDefinition(kProgram, offsetOf("16:")).kind, Definition::Kind::None);
        QCOMPARE(findDefinition(kProgram, offsetOf("\n\n") + 1).kind, Definition::Kind::None);
        QCOMPARE(findDefinition(kProgram, -1).kind, Definition::Kind::None);
        QCOMPARE(findDefinition(kProgram, int(kProgram.size()) + 5).kind, Definition::Kind::None);
        // a module name written in code but never imported
        QCOMPARE(findDefinition("x = np.zeros(3)\n", 5).kind, Definition::Kind::None);
    }

    void editorJumpsAndComesBack()
    {
        KernelEditor editor;
        editor.resize(700, 400);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setUtf8Text(kProgram);
        const int call = offsetOf("twice(tl.load") + 1;
        editor.SendScintilla(QsciScintillaBase::SCI_GOTOPOS, call);

        QTest::keyClick(&editor, Qt::Key_F12);
        QCOMPARE(editor.selectedText(), QStringLiteral("twice"));
        QCOMPARE(editor.cursorLineColumn().line, 9);
        QCOMPARE(editor.backStackSize(), 1);
        // a second jump from there: SCALE
        editor.SendScintilla(QsciScintillaBase::SCI_GOTOPOS, offsetOf("SCALE\n"));
        QVERIFY(editor.goToDefinition(editor.cursorOffset()));
        QCOMPARE(editor.cursorLineColumn().line, 6);

        QTest::keyClick(&editor, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(editor.cursorOffset(), offsetOf("SCALE\n"));
        QTest::keyClick(&editor, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(editor.cursorOffset(), call);
        QCOMPARE(editor.backStackSize(), 0);
        QVERIFY(!editor.goBack());
    }

    void ctrlClickJumpsAndImportsSayWhere()
    {
        KernelEditor editor;
        editor.resize(700, 500);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setUtf8Text(kProgram);
        using Sci = QsciScintillaBase;
        const auto pointOf = [&](int pos) {
            return QPoint(
                int(editor.SendScintilla(Sci::SCI_POINTXFROMPOSITION, 0UL, long(pos))) + 2,
                int(editor.SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, long(pos))) + 4);
        };
        QTest::mouseClick(editor.viewport(),
                          Qt::LeftButton,
                          Qt::ControlModifier,
                          pointOf(offsetOf("kernel[(1,)]") + 1));
        QCOMPARE(editor.selectedText(), QStringLiteral("kernel"));
        QCOMPARE(editor.cursorLineColumn().line, 13);

        QSignalSpy outside(&editor, &KernelEditor::definitionOutsideFile);
        QSignalSpy missing(&editor, &KernelEditor::definitionNotFound);
        QVERIFY(!editor.goToDefinition(offsetOf("tl.store") + 4));
        QCOMPARE(outside.count(), 1);
        QCOMPARE(outside.at(0).at(0).toString(), QStringLiteral("tl.store"));
        QCOMPARE(outside.at(0).at(1).toString(), QStringLiteral("triton.language"));
        QVERIFY(!editor.goToDefinition(offsetOf("return v")));
        QCOMPARE(missing.count(), 1);
        QCOMPARE(editor.backStackSize(), 1);
    }
};

QTEST_MAIN(TestDefinitionLookup)
#include "tst_definition_lookup.moc"
