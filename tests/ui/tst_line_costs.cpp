// Which per-line costs of a profile report the editor's strip shows for the open file: the
// kernels defined in it (a report made elsewhere matches by file name), each from the row
// chosen in the Profile pane, else its costliest grid; the hover text's numbers.

#include "app/studio/line_costs.h"
#include "ui_test_support.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace tsm;

namespace {

run::KernelProfile kernel(const std::string &name,
                          const std::string &file,
                          std::int64_t grid,
                          std::int64_t launches,
                          double medianNs,
                          std::vector<run::LineCost> lines)
{
    run::KernelProfile k;
    k.kernel = name;
    k.file = file;
    k.grid = {grid, 1, 1};
    k.launches = launches;
    k.medianNs = medianNs;
    k.lines = std::move(lines);
    k.linesMeasuredBy = "warp instructions executed";
    return k;
}

} // namespace

class TestLineCosts : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void kernelFiles()
    {
        const QString path = m_dir.filePath(QStringLiteral("swish.py"));
        writeFile(path, "x = 1\n");
        QVERIFY(isKernelFile(path, path));
        QVERIFY(isKernelFile(m_dir.filePath(QStringLiteral("./swish.py")), path));
        QVERIFY(!isKernelFile(path, m_dir.filePath(QStringLiteral("other.py"))));
        // Profiled on another machine: the path is not here, the name matches.
        QVERIFY(isKernelFile(QStringLiteral("/nowhere/project/swish.py"), path));
        QVERIFY(!isKernelFile(QStringLiteral("/nowhere/project/softmax.py"), path));
        // A file of that name exists here but is another one.
        const QString other = m_dir.filePath(QStringLiteral("sub/swish.py"));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("sub")));
        writeFile(other, "y = 2\n");
        QVERIFY(!isKernelFile(other, path));
        QVERIFY(!isKernelFile(QString(), path));
    }

    void theChosenRowElseTheCostliestGrid()
    {
        const QString path = m_dir.filePath(QStringLiteral("k.py"));
        writeFile(path, "x = 1\n");
        run::ProfileReport r;
        // k at two grids (the second costs more in all: 10 x 50 us against 100 x 1 us), a
        // kernel of another file, and a library kernel without lines.
        r.kernels = {kernel("k",
                            path.toStdString(),
                            4,
                            100,
                            1000,
                            {{0, 5, 0, 0, 0.5}, {10, 3, 0, 0, 0.2}, {11, 2, 0, 0, 0.3}}),
                     kernel("k",
                            path.toStdString(),
                            4096,
                            10,
                            50000,
                            {{10, 3, 300, 40, 0.6, "long_scoreboard"}, {11, 2, 200, 0, 0.4}}),
                     kernel("other", "/elsewhere/other.py", 1, 1, 1000, {{3, 1, 0, 0, 1.0}}),
                     kernel("silu", "", 4096, 10, 50000, {})};
        QVector<LineCostMark> marks = lineCostMarks(r, path);
        QCOMPARE(marks.size(), 2);
        QCOMPARE(marks[0].line, 9); // 0-based
        QCOMPARE(marks[0].share, 0.6);
        QCOMPARE(marks[0].relative, 1.0);
        QCOMPARE(marks[1].relative, 0.4 / 0.6);
        QCOMPARE(
            marks[0].text,
            QStringLiteral(
                "60.0% of k's cost (grid 4096)\n3 SASS instructions compiled from this line\n"
                "300 warp instructions executed\n40 stall samples, most of them long_scoreboard\n"
                "measured by: warp instructions executed"));
        // The first row chosen in the pane: its lines, the prologue's line 0 left out of the
        // strip and of the shading.
        marks = lineCostMarks(r, path, 0);
        QCOMPARE(marks.size(), 2);
        QCOMPARE(marks[0].line, 9);
        QCOMPARE(marks[0].relative, 0.2 / 0.3);
        QCOMPARE(marks[1].relative, 1.0);
        QVERIFY(marks[1].text.startsWith(
            QStringLiteral("30.0% of k's cost (grid 4)\n2 SASS instructions compiled")));
        // Another file open: nothing.
        QVERIFY(lineCostMarks(r, m_dir.filePath(QStringLiteral("unrelated.py"))).isEmpty());
    }
};

QTEST_MAIN(TestLineCosts)
#include "tst_line_costs.moc"
