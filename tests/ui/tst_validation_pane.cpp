// The Validation pane as a user meets it after a failing test: one row per check with its
// verdict and worst error, the failing row's report with the first mismatches, the heat map's
// outline on the mismatching tail, and activating the row going to the assert's line.

#include "app/studio/main_window.h"
#include "app/studio/runner_client.h"
#include "app/studio/validation_model.h"
#include "app/studio/validation_pane.h"
#include "editor/kernel_editor.h"

#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace tsm;

class TestValidationPane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
    }

    void testOffByOneMaskFailsAtTheTail()
    {
        // The seed's swish with the mask one element short: the last element is never written.
        QFile in(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        QVERIFY(text.contains("mask = offsets < n_elements\n"));
        text.replace("mask = offsets < n_elements\n", "mask = offsets < n_elements - 1\n");
        const QString path = m_dir.filePath(QStringLiteral("swish.py"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();

        MainWindow w;
        QVERIFY(w.openFile(path));
        w.setBackendChoice(QStringLiteral("interp"));
        QSignalSpy finished(w.runner(), &RunnerClient::requestFinished);
        QVERIFY(w.runRequest(QStringLiteral("test")));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(1).toInt(), 1);

        ValidationModel *m = w.validationModel();
        QVERIFY(m->rowCount() >= 1);
        QVERIFY(m->failedCount() >= 1);
        int failed = -1;
        for (int r = 0; r < m->rowCount() && failed < 0; ++r)
            if (!m->row(r).value("passed").toBool())
                failed = r;
        QCOMPARE(m->data(m->index(failed, ValidationModel::Result)).toString(), QStringLiteral("FAILED"));
        QVERIFY(m->data(m->index(failed, ValidationModel::Where)).toString().startsWith(QStringLiteral("swish.py:")));
        // The failing row is selected: its report and a heat map outlined at the end of the row.
        ValidationPane *pane = w.validationPane();
        QCOMPARE(pane->view()->currentIndex().row(), failed);
        QVERIFY(pane->details()->toPlainText().contains(QStringLiteral("Mismatched elements: 1 /")));
        QCOMPARE(pane->heatMap()->heatRows(), 1);
        const QRect region = pane->heatMap()->mismatchRegion();
        QVERIFY(!region.isEmpty());
        QCOMPARE(region.width(), 1);
        QCOMPARE(region.x(), pane->heatMap()->heatCols() - 1); // the last cell: the tail

        // Activating the row puts the caret on the assert.
        const int line = m->row(failed).value("line").toInt();
        emit pane->view()->activated(m->index(failed, 0));
        QCOMPARE(w.editor()->cursorLineColumn().line, line);
    }
};

QTEST_MAIN(TestValidationPane)
#include "tst_validation_pane.moc"
