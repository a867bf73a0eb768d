// The profiler's per-line cost strip in the KernelEditor: a shade per line by its share of the
// kernel's cost relative to the hottest line, in its own margin; the exact numbers on hover over
// the margins; marks follow edits elsewhere and disappear from a line that is edited; the shades
// follow the theme.

#include "editor/kernel_editor.h"

#include <QtTest>

using namespace tsm;

namespace {

using Sci = QsciScintillaBase;

const QByteArray kProgram = "import triton\n"                      // 0
                            "import triton.language as tl\n"       // 1
                            "@triton.jit\n"                        // 2
                            "def k(x_ptr, BLOCK: tl.constexpr):\n" // 3
                            "    offs = tl.arange(0, BLOCK)\n"     // 4
                            "    x = tl.load(x_ptr + offs)\n"      // 5
                            "    y = tl.exp(x)\n"                  // 6
                            "    tl.store(x_ptr + offs, y)\n";     // 7

QVector<LineCostMark> marks()
{
    return {{4, 0.05, 0.05 / 0.5, QStringLiteral("5.0% of k's cost")},
            {5, 0.30, 0.30 / 0.5, QStringLiteral("30.0% of k's cost")},
            {6, 0.50, 1.0, QStringLiteral("50.0% of k's cost")},
            {7, 0.15, 0.15 / 0.5, QStringLiteral("15.0% of k's cost")}};
}

int markerBits(KernelEditor &e, int line)
{
    return int(e.SendScintilla(Sci::SCI_MARKERGET, static_cast<unsigned long>(line)));
}

// The hover over the margins at the middle of `line`.
QString marginHover(KernelEditor &e, int line)
{
    const long pos = e.SendScintilla(Sci::SCI_POSITIONFROMLINE, static_cast<unsigned long>(line));
    const int y = int(e.SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, pos))
                  + int(e.SendScintilla(Sci::SCI_TEXTHEIGHT, 0UL)) / 2;
    return e.hoverText(-1, QPoint(2, y));
}

} // namespace

class TestLineCostMarks : public QObject
{
    Q_OBJECT

private slots:
    void shadesByShareOfTheHottestLine()
    {
        KernelEditor e;
        e.resize(600, 400);
        e.show();
        e.setUtf8Text(kProgram);
        LineCostMarks &costs = e.lineCosts();
        QCOMPARE(e.SendScintilla(Sci::SCI_GETMARGINWIDTHN, LineCostMarks::HeatMargin),
                 0L); // hidden without marks
        costs.setMarks(marks());
        QCOMPARE(e.SendScintilla(Sci::SCI_GETMARGINWIDTHN, LineCostMarks::HeatMargin),
                 long(LineCostMarks::HeatMarginWidth));
        QCOMPARE(costs.levelOnLine(6),
                 LineCostMarks::kLevels - 1); // the hottest line: the full colour
        QCOMPARE(costs.levelOnLine(5), 4);    // 0.6 of the hottest
        QCOMPARE(costs.levelOnLine(7), 2);    // 0.3
        QCOMPARE(costs.levelOnLine(4), 0);    // 0.1: the palest shade
        QCOMPARE(costs.levelOnLine(3), -1);
        QCOMPARE(markerBits(e, 6),
                 1 << (LineCostMarks::FirstHeatMarker + LineCostMarks::kLevels - 1));
        QCOMPARE(markerBits(e, 3), 0);
        // Drawn in the strip's margin only, never among the diagnostics' markers.
        const int heatMask
            = int(e.SendScintilla(Sci::SCI_GETMARGINMASKN, LineCostMarks::HeatMargin));
        QVERIFY(heatMask & markerBits(e, 6));
        QCOMPARE(int(e.SendScintilla(Sci::SCI_GETMARGINMASKN, DiagnosticMarks::SymbolMargin))
                     & markerBits(e, 6),
                 0);

        QCOMPARE(marginHover(e, 6), QStringLiteral("50.0% of k's cost"));
        QCOMPARE(marginHover(e, 3), QString());
        costs.clear();
        QCOMPARE(costs.levelOnLine(6), -1);
        QCOMPARE(marginHover(e, 6), QString());
    }

    void editedLinesLoseTheirCost()
    {
        KernelEditor e;
        e.setUtf8Text(kProgram);
        e.lineCosts().setMarks(marks());
        // A line inserted above: the marks move with their lines.
        e.insertAt(QStringLiteral("# a comment\n"), 0, 0);
        QCOMPARE(e.lineCosts().levelOnLine(7), LineCostMarks::kLevels - 1);
        QCOMPARE(e.lineCosts().levelOnLine(6), 4);
        QCOMPARE(e.lineCosts().textOnLine(7), QStringLiteral("50.0% of k's cost"));
        // Typing on the exp line: its numbers described the old code.
        e.insertAt(QStringLiteral(" * 2"), 7, 17);
        QCOMPARE(e.lineCosts().levelOnLine(7), -1);
        QCOMPARE(e.lineCosts().textOnLine(7), QString());
        QCOMPARE(e.lineCosts().marks().size(), 3);
        QCOMPARE(e.lineCosts().levelOnLine(8), 2); // the store line keeps its mark
        // Opening another text clears them all.
        e.setUtf8Text("x = 1\n");
        QVERIFY(e.lineCosts().isEmpty());
        QCOMPARE(markerBits(e, 0), 0);
    }

    void shadesFollowTheTheme()
    {
        KernelEditor e;
        const EditorColors light = EditorColors::light(), dark = EditorColors::dark();
        e.setColors(dark);
        const LineCostMarks &costs = e.lineCosts();
        QCOMPARE(costs.levelColor(LineCostMarks::kLevels - 1), dark.costHeat);
        const QColor palest = costs.levelColor(0);
        QVERIFY(palest != dark.marginPaper && palest != dark.costHeat);
        QVERIFY(palest.lightness() < 110); // a dark shade on the dark margin
        e.setColors(light);
        QCOMPARE(costs.levelColor(LineCostMarks::kLevels - 1), light.costHeat);
        QVERIFY(costs.levelColor(0).lightness() > 180);
        // The shades grow steadily towards the heat colour.
        for (int level = 1; level < LineCostMarks::kLevels; ++level)
            QVERIFY(costs.levelColor(level).lightness() < costs.levelColor(level - 1).lightness());
    }
};

QTEST_MAIN(TestLineCostMarks)
#include "tst_line_cost_marks.moc"
