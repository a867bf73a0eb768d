// KernelEditor and its TritonLexer: highlighting that knows the registry, folding, Python
// auto-indent, brace matching, search and replace, diagnostic marks and hover text.

#include "editor/kernel_editor.h"
#include "editor/triton_lexer.h"

#include <QRandomGenerator>
#include <QToolTip>
#include <QtTest>

using namespace tsm;

namespace {

const QByteArray kProgram = "import triton\n"
                            "import triton.language as tl\n"
                            "\n"
                            "@triton.jit\n"
                            "def swish(x_ptr, n, BLOCK: tl.constexpr):\n"
                            "    pid = tl.program_id(0)  # which block\n"
                            "    x = tl.lod(x_ptr + pid)\n"
                            "    y = tl.load(x_ptr)\n"
                            "    print(f\"got {x!r:>8} of {n}\", len(y))\n"
                            "    s = '''doc\n"
                            "more doc'''\n"
                            "    return 0x1F + 1.5e-3\n";

int offsetOf(const QByteArray &text, const char *needle, int from = 0)
{
    const int at = int(text.indexOf(needle, from));
    if (at < 0)
        qFatal("test text has no '%s'", needle);
    return at;
}

TritonStyle styleAt(KernelEditor &e, int pos)
{
    return TritonStyle(e.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, pos));
}

void styleAll(KernelEditor &e)
{
    e.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L);
}

int foldLevel(KernelEditor &e, int line)
{
    return int(e.SendScintilla(QsciScintillaBase::SCI_GETFOLDLEVEL, line));
}

} // namespace

Q_DECLARE_METATYPE(tsm::TritonStyle)

class TestKernelEditor : public QObject
{
    Q_OBJECT

private slots:
    void highlightsTritonNames_data()
    {
        QTest::addColumn<QByteArray>("needle");
        QTest::addColumn<int>("skip"); // bytes into the needle
        QTest::addColumn<TritonStyle>("style");
        QTest::newRow("keyword") << QByteArray("import triton\n") << 0 << TritonStyle::Keyword;
        QTest::newRow("module") << QByteArray("triton\n") << 0 << TritonStyle::TritonModule;
        QTest::newRow("alias") << QByteArray("tl.program_id") << 0 << TritonStyle::TritonModule;
        QTest::newRow("registry name") << QByteArray("program_id") << 0 << TritonStyle::TritonName;
        QTest::newRow("tl.load") << QByteArray("load(x_ptr)") << 0 << TritonStyle::TritonName;
        QTest::newRow("misspelt tl.lod") << QByteArray("lod(") << 0 << TritonStyle::Identifier;
        QTest::newRow("constexpr") << QByteArray("constexpr") << 0 << TritonStyle::TritonName;
        QTest::newRow("decorator") << QByteArray("@triton.jit") << 3 << TritonStyle::Decorator;
        QTest::newRow("def") << QByteArray("def swish") << 0 << TritonStyle::Keyword;
        QTest::newRow("function name") << QByteArray("swish(") << 0 << TritonStyle::FunctionName;
        QTest::newRow("comment") << QByteArray("# which") << 2 << TritonStyle::Comment;
        QTest::newRow("builtin") << QByteArray("print(") << 0 << TritonStyle::Builtin;
        QTest::newRow("builtin len") << QByteArray("len(y)") << 0 << TritonStyle::Builtin;
        QTest::newRow("f-string text") << QByteArray("got {") << 0 << TritonStyle::String;
        QTest::newRow("f-string brace") << QByteArray("{x!r") << 0 << TritonStyle::FStringBrace;
        QTest::newRow("f-string field") << QByteArray("x!r") << 0 << TritonStyle::Identifier;
        QTest::newRow("f-string spec") << QByteArray(">8}") << 0 << TritonStyle::String;
        QTest::newRow("triple string") << QByteArray("'''doc") << 3 << TritonStyle::TripleString;
        QTest::newRow("triple next line")
            << QByteArray("more doc") << 0 << TritonStyle::TripleString;
        QTest::newRow("hex") << QByteArray("0x1F") << 2 << TritonStyle::Number;
        QTest::newRow("float") << QByteArray("1.5e-3") << 4 << TritonStyle::Number;
        QTest::newRow("operator") << QByteArray("+ 1.5") << 0 << TritonStyle::Operator;
    }

    void highlightsTritonNames()
    {
        QFETCH(QByteArray, needle);
        QFETCH(int, skip);
        QFETCH(TritonStyle, style);
        KernelEditor editor;
        editor.setUtf8Text(kProgram);
        styleAll(editor);
        const int pos = offsetOf(kProgram, needle.constData()) + skip;
        QCOMPARE(int(styleAt(editor, pos)), int(style));
    }

    void registryNamesComeFromCore()
    {
        const TritonNames names = TritonNames::fromRegistry();
        QVERIFY(!names.empty());
        QVERIFY(names.isModule("triton.language"));
        QVERIFY(names.isModule("triton"));
        QCOMPARE(QString::fromStdString(names.resolveHead("tl")),
                 QStringLiteral("triton.language"));
        QVERIFY(names.lookup("tl.load") != nullptr);
        QVERIFY(names.lookup("triton.language.store") != nullptr);
        QVERIFY(names.lookup("triton.cdiv") != nullptr);
        QVERIFY(names.lookup("tl.lod") == nullptr);
        QVERIFY(names.lookup("load") == nullptr);
    }

    void stringsThatRunOffTheLine()
    {
        TritonNames names;
        std::vector<StyleRun> runs;
        QCOMPARE(scanTritonLine("x = 'abc\n", 0, names, runs), 0);
        QCOMPARE(int(runs.back().style), int(TritonStyle::Default)); // the newline
        QCOMPARE(int(runs[runs.size() - 2].style), int(TritonStyle::UnclosedString));
        runs.clear();
        const int open = scanTritonLine("s = \"\"\"start\n", 0, names, runs);
        QVERIFY(open != 0);
        runs.clear();
        QCOMPARE(scanTritonLine("still inside\n", open, names, runs), open);
        QCOMPARE(runs.size(), std::size_t(1));
        runs.clear();
        QCOMPARE(scanTritonLine("end\"\"\" + x\n", open, names, runs), 0);
        QCOMPARE(int(runs.front().style), int(TritonStyle::TripleString));
        QCOMPARE(runs.front().length, 6);
    }

    void scannerCoversEveryByteOfAnyInput()
    {
        const TritonNames names = TritonNames::fromRegistry();
        const char alphabet[] = "'\"\\{}()[]:!#@.fFrRbB_xtl019 \t\r\n\xC3\xA9\xFF";
        QRandomGenerator rng(12345);
        std::vector<StyleRun> runs;
        int state = 0;
        for (int round = 0; round < 5000; ++round) {
            std::string line;
            const int length = int(rng.bounded(40));
            for (int i = 0; i < length; ++i)
                line += alphabet[rng.bounded(int(sizeof alphabet - 1))];
            runs.clear();
            state = scanTritonLine(line, state, names, runs);
            int covered = 0;
            for (const StyleRun &run : runs) {
                QVERIFY(run.length > 0);
                QVERIFY(int(run.style) >= 0 && run.style < TritonStyle::Count);
                covered += run.length;
            }
            QCOMPARE(covered, int(line.size()));
        }
    }

    void foldsByIndentation()
    {
        KernelEditor editor;
        editor.setUtf8Text("def f(x):\n    y = x\n\n    return y\n\n\nz = 1\n");
        styleAll(editor);
        using Sci = QsciScintillaBase;
        QVERIFY(foldLevel(editor, 0) & Sci::SC_FOLDLEVELHEADERFLAG);
        const int base = foldLevel(editor, 0) & Sci::SC_FOLDLEVELNUMBERMASK;
        QVERIFY((foldLevel(editor, 1) & Sci::SC_FOLDLEVELNUMBERMASK) > base);
        QVERIFY((foldLevel(editor, 2) & Sci::SC_FOLDLEVELNUMBERMASK) > base); // blank inside
        QCOMPARE(foldLevel(editor, 4) & Sci::SC_FOLDLEVELNUMBERMASK, base);   // blank after
        QVERIFY(!(foldLevel(editor, 6) & Sci::SC_FOLDLEVELHEADERFLAG));
        // folding the function hides its body and nothing after it
        editor.SendScintilla(Sci::SCI_TOGGLEFOLD, 0UL);
        QVERIFY(!editor.SendScintilla(Sci::SCI_GETLINEVISIBLE, 1UL));
        QVERIFY(!editor.SendScintilla(Sci::SCI_GETLINEVISIBLE, 3UL));
        QVERIFY(editor.SendScintilla(Sci::SCI_GETLINEVISIBLE, 6UL));
    }

    void foldsByLogicalLines()
    {
        // a signature over several lines folds with its body, from the `def` line
        KernelEditor editor;
        editor.setUtf8Text("def k(\n    a,\n    b,\n):\n    x = (a +\n  b)\n    return x\ny = 1\n");
        styleAll(editor);
        using Sci = QsciScintillaBase;
        QVERIFY(foldLevel(editor, 0) & Sci::SC_FOLDLEVELHEADERFLAG);
        for (int line : {1, 2, 3, 5}) // continuation lines: no fold points of their own
            QVERIFY2(!(foldLevel(editor, line) & Sci::SC_FOLDLEVELHEADERFLAG),
                     qPrintable(QString::number(line)));
        editor.SendScintilla(Sci::SCI_TOGGLEFOLD, 0UL);
        for (int line = 1; line <= 6; ++line)
            QVERIFY2(
                !editor.SendScintilla(Sci::SCI_GETLINEVISIBLE, static_cast<unsigned long>(line)),
                qPrintable(QString::number(line)));
        QVERIFY(editor.SendScintilla(Sci::SCI_GETLINEVISIBLE, 7UL));

        TritonNames names;
        std::vector<StyleRun> runs;
        const int open = scanTritonLine("f(a, [b,\n", 0, names, runs);
        QVERIFY(open != 0);
        QVERIFY(scanTritonLine("c]\n", open, names, runs) != 0);
        QCOMPARE(scanTritonLine("c])\n", open, names, runs), 0);
        QCOMPARE(scanTritonLine("f'{(x)}' + g(y)\n", 0, names, runs), 0);
    }

    void indentsAfterColonAndDedentsAfterReturn()
    {
        KernelEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setUtf8Text("def f(x):");
        editor.SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.indentation(1), 4);
        QTest::keyClicks(&editor, "if x:  # comment");
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.indentation(2), 8);
        QTest::keyClicks(&editor, "return x");
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.indentation(3), 4);
        QTest::keyClicks(&editor, "y = call(");
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.indentation(4), 8);
        QCOMPARE(editor.utf8Text(),
                 QByteArray(
                     "def f(x):\n    if x:  # comment\n        return x\n    y = call(\n        "));
        // a colon inside a string does not open a block
        editor.setUtf8Text("s = 'a:'");
        editor.SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.indentation(1), 0);
    }

    void bracesMatchOnOperatorStyle()
    {
        KernelEditor editor;
        editor.setUtf8Text("y = f(a[1], '(')\n");
        styleAll(editor);
        editor.SendScintilla(QsciScintillaBase::SCI_GOTOPOS, 5UL); // before '('
        editor.moveToMatchingBrace();
        QCOMPARE(editor.cursorOffset(),
                 16); // after the ")" at 15: the "(" in the string is skipped
    }

    void findNextPreviousAndWrap()
    {
        KernelEditor editor;
        editor.setUtf8Text("alpha beta Alpha\nbeta_gamma alpha\n");
        KernelEditor::SearchOptions o;
        o.pattern = QStringLiteral("alpha");
        QCOMPARE(editor.countMatches(o), 3);
        QCOMPARE(editor.findNext(o), KernelEditor::SearchStatus::Found);
        QCOMPARE(editor.selectedText(), QStringLiteral("alpha"));
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART)), 0);
        QCOMPARE(editor.findNext(o), KernelEditor::SearchStatus::Found);
        QCOMPARE(editor.selectedText(), QStringLiteral("Alpha"));
        QCOMPARE(editor.findNext(o), KernelEditor::SearchStatus::Found);
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART)), 28);
        QCOMPARE(editor.findNext(o), KernelEditor::SearchStatus::Found); // wraps
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART)), 0);
        QCOMPARE(editor.findNext(o, false), KernelEditor::SearchStatus::Found); // wraps back
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART)), 28);
        QCOMPARE(editor.findNext(o, false), KernelEditor::SearchStatus::Found);
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART)), 11);

        o.caseSensitive = true;
        QCOMPARE(editor.countMatches(o), 2);
        o = {};
        o.pattern = QStringLiteral("beta");
        o.wholeWord = true;
        QCOMPARE(editor.countMatches(o), 1);
        o.pattern = QStringLiteral("delta");
        QCOMPARE(editor.findNext(o), KernelEditor::SearchStatus::NotFound);
    }

    void regexReplaceAllIsOneUndoStep()
    {
        KernelEditor editor;
        const QByteArray text = "x = alpha + alpha_2\ny = ALPHA\n";
        editor.setUtf8Text(text);
        KernelEditor::SearchOptions o;
        o.pattern = QStringLiteral("al(p)ha");
        o.regex = true;
        o.caseSensitive = true;
        QCOMPARE(editor.replaceAll(o, QStringLiteral("<\\1>")), 2);
        QCOMPARE(editor.utf8Text(), QByteArray("x = <p> + <p>_2\ny = ALPHA\n"));
        editor.undo();
        QCOMPARE(editor.utf8Text(), text);

        o.pattern = QStringLiteral("^");
        QCOMPARE(editor.replaceAll(o, QStringLiteral("# ")), 3);
        QCOMPARE(editor.utf8Text(), QByteArray("# x = alpha + alpha_2\n# y = ALPHA\n# "));

        o.pattern = QStringLiteral("(unclosed");
        QCOMPARE(editor.countMatches(o), -1);
        QCOMPARE(editor.findNext(o), KernelEditor::SearchStatus::InvalidPattern);
        QCOMPARE(editor.replaceAll(o, QStringLiteral("x")), -1);
    }

    void replaceCurrentReplacesOnlyAMatch()
    {
        KernelEditor editor;
        editor.setUtf8Text("a b a b\n");
        KernelEditor::SearchOptions o;
        o.pattern = QStringLiteral("b");
        o.caseSensitive = true; // or the replacements would match again
        // nothing selected: the first call only finds
        QCOMPARE(editor.replaceCurrent(o, QStringLiteral("B")), KernelEditor::SearchStatus::Found);
        QCOMPARE(editor.utf8Text(), QByteArray("a b a b\n"));
        QCOMPARE(editor.replaceCurrent(o, QStringLiteral("B")), KernelEditor::SearchStatus::Found);
        QCOMPARE(editor.utf8Text(), QByteArray("a B a b\n"));
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART)), 6);
        QCOMPARE(editor.replaceCurrent(o, QStringLiteral("B")),
                 KernelEditor::SearchStatus::NotFound);
        QCOMPARE(editor.utf8Text(), QByteArray("a B a B\n"));
    }

    void marksShowSquigglesMarkersAndHover()
    {
        KernelEditor editor;
        editor.resize(600, 300);
        const QByteArray text = "x = 1\ny = tl.lod(x)\nz = 2\n";
        editor.setUtf8Text(text);
        const int lod = offsetOf(text, "lod");
        editor.marks().setMarks({{lod, lod + 3, Severity::Error, QStringLiteral("no 'lod'")},
                                 {0, 1, Severity::Warning, QStringLiteral("unused x")}});
        using Sci = QsciScintillaBase;
        const long on = editor.SendScintilla(Sci::SCI_INDICATORALLONFOR, lod + 1);
        QVERIFY(on & (1L << DiagnosticMarks::ErrorIndicator));
        QVERIFY(!(editor.SendScintilla(Sci::SCI_INDICATORALLONFOR, lod + 3)
                  & (1L << DiagnosticMarks::ErrorIndicator)));
        QVERIFY(editor.markersAtLine(1) & (1 << DiagnosticMarks::ErrorMarker));
        QVERIFY(editor.markersAtLine(0) & (1 << DiagnosticMarks::WarningMarker));
        QVERIFY(editor.markersAtLine(2) == 0);
        QCOMPARE(editor.marks().messagesAt(lod + 1), QStringList{QStringLiteral("no 'lod'")});
        QVERIFY(editor.marks().messagesAt(lod - 2).isEmpty());

        // hovering the text or the margin of the line shows the message
        QCOMPARE(editor.hoverText(lod + 1, QPoint(500, 0)), QStringLiteral("no 'lod'"));
        const int y = int(editor.SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, long(lod)));
        QCOMPARE(editor.hoverText(-1, QPoint(2, y + 2)), QStringLiteral("no 'lod'"));

        // marks follow edits made after they were set
        editor.insertAt(QStringLiteral("# new first line\n"), 0, 0);
        QCOMPARE(editor.marks().messagesAt(lod + 17 + 1), QStringList{QStringLiteral("no 'lod'")});
        QCOMPARE(editor.marks().messagesOnLine(2), QStringList{QStringLiteral("no 'lod'")});

        editor.marks().clear();
        QVERIFY(editor.marks().messagesAt(lod + 18).isEmpty());
        QCOMPARE(editor.markersAtLine(2), 0u);
    }

    void dwellingOnASquiggleShowsTheMessage()
    {
        KernelEditor editor;
        editor.resize(600, 300);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        const QByteArray text = "y = tl.lod(x)\n";
        editor.setUtf8Text(text);
        const int lod = offsetOf(text, "lod");
        editor.marks().setMarks({{lod, lod + 3, Severity::Error, QStringLiteral("no 'lod'")}});
        using Sci = QsciScintillaBase;
        const int x = int(editor.SendScintilla(Sci::SCI_POINTXFROMPOSITION, 0UL, long(lod + 1)));
        const int y = int(editor.SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, long(lod + 1)));
        emit editor.SCN_DWELLSTART(lod + 1, x, y + 2);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), QStringLiteral("no 'lod'"));
        emit editor.SCN_DWELLEND(lod + 1, x, y + 2);
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    void emptySpansStillMarkACharacter()
    {
        KernelEditor editor;
        editor.setUtf8Text("f(\n");
        editor.marks().setMarks({{3, 3, Severity::Error, QStringLiteral("'(' was never closed")},
                                 {1, 1, Severity::Warning, QStringLiteral("here")}});
        QCOMPARE(editor.marks().messagesAt(2), QStringList{QStringLiteral("'(' was never closed")});
        QCOMPARE(editor.marks().messagesAt(1), QStringList{QStringLiteral("here")});
    }

    void hoverShowsRegistryDocs()
    {
        KernelEditor editor;
        const QByteArray text = "import triton.language as tl\ny = tl.load(p)\nz = tl.lod(p)\n";
        editor.setUtf8Text(text);
        styleAll(editor);
        const QString tip = editor.hoverText(offsetOf(text, "oad"), QPoint(500, 0));
        QVERIFY2(tip.contains(QStringLiteral("tl.load")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("mask")), qPrintable(tip));
        QVERIFY(editor.hoverText(offsetOf(text, "od("), QPoint(500, 0)).isEmpty());
    }

    void textRoundTripsAsUtf8Bytes()
    {
        KernelEditor editor;
        const QByteArray text = "s = 'h\xC3\xA9llo'\r\nt = \xE2\x9C\x93\r\n";
        editor.setUtf8Text(text);
        QCOMPARE(editor.utf8Text(), text);
        QVERIFY(!editor.isModified());
        QCOMPARE(editor.eolMode(), QsciScintilla::EolWindows);
        QVERIFY(!editor.isUndoAvailable());

        const int t = offsetOf(text, "t = ");
        editor.selectSpan(t + 4, t + 7); // the 3-byte check mark
        QCOMPARE(editor.selectedText(), QString::fromUtf8("\xE2\x9C\x93"));
        const KernelEditor::LineColumn lc = editor.cursorLineColumn();
        QCOMPARE(lc.line, 2);
        QCOMPARE(lc.column, 6); // caret after the check mark: 5 code points in
        editor.selectSpan(offsetOf(text, "llo"), offsetOf(text, "llo"));
        QCOMPARE(editor.cursorLineColumn().column, 8);
    }
};

QTEST_MAIN(TestKernelEditor)
#include "tst_kernel_editor.moc"
