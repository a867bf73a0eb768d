// File > Examples as a user meets it: one entry per bundled program, opening one gives a
// writable copy in the app data folder (said in the status bar), the bundled file is never
// written, and a copy the user changed is kept when the example is opened again.

#include "app/studio/examples.h"
#include "app/studio/main_window.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace tsm;

namespace {

class ScriptedWindow : public MainWindow
{
public:
    SaveChoice choice = SaveChoice::Discard;
    QStringList errors;
    int questions = 0;

protected:
    SaveChoice askSaveChanges() override
    {
        ++questions;
        return choice;
    }
    void showError(const QString &title, const QString &text) override
    {
        errors << title + QStringLiteral(": ") + text;
    }
};

QMenu *examplesMenu(MainWindow &w)
{
    for (QAction *top : w.menuBar()->actions())
        if (top->menu())
            for (QAction *a : top->menu()->actions())
                if (a->menu() && a->text().remove(QLatin1Char('&')) == QStringLiteral("Examples"))
                    return a->menu();
    return nullptr;
}

} // namespace

class TestExamples : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the copies go under ~/.qttest, not the user's
        useTestSettings(m_settings.path(), QStringLiteral("tst_examples"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
             + QStringLiteral("/examples"))
            .removeRecursively();
    }

    void theMenuListsTheBundledPrograms()
    {
        QCOMPARE(
            QFileInfo(examplesDirectory()).canonicalFilePath(),
            QFileInfo(QStringLiteral(TSM_SOURCE_DIR "/resources/examples")).canonicalFilePath());
        ScriptedWindow w;
        QMenu *menu = examplesMenu(w);
        QVERIFY(menu);
        QStringList names;
        for (QAction *a : menu->actions())
            names << a->text();
        QVERIFY2(names.contains(QStringLiteral("swish.py")),
                 qPrintable(names.join(QLatin1Char(','))));
        QVERIFY(names.contains(QStringLiteral("vector_add.py")));
        QCOMPARE(names.size(), exampleFiles().size());
        QVERIFY(std::is_sorted(names.begin(), names.end()));
    }

    void openingAnExampleOpensACopy()
    {
        ScriptedWindow w;
        const QString bundled = QStringLiteral(TSM_SOURCE_DIR "/resources/examples/swish.py");
        const QByteArray original = readFile(bundled);
        QVERIFY(!original.isEmpty());
        QAction *entry = nullptr;
        for (QAction *a : examplesMenu(w)->actions())
            if (a->text() == QStringLiteral("swish.py"))
                entry = a;
        QVERIFY(entry);
        entry->trigger();
        QVERIFY(w.errors.isEmpty());
        const QString copy = w.document().path();
        const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QVERIFY2(copy.startsWith(dataDir + QStringLiteral("/examples/")), qPrintable(copy));
        QCOMPARE(QFileInfo(copy).fileName(), QStringLiteral("swish.py"));
        QCOMPARE(w.editor()->utf8Text(), original);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains(copy) && said.contains(QStringLiteral("swish.py")),
                 qPrintable(said));

        // The user edits and saves: their copy changes, the bundled file does not.
        w.editor()->append(QStringLiteral("\n# mine\n"));
        QVERIFY(w.save());
        QVERIFY(readFile(copy).endsWith("# mine\n"));
        QCOMPARE(readFile(bundled), original);

        // Opening the example again keeps their edits and gives a fresh copy beside it.
        QVERIFY(w.openExample(bundled));
        QCOMPARE(QFileInfo(w.document().path()).fileName(), QStringLiteral("swish-2.py"));
        QCOMPARE(w.editor()->utf8Text(), original);
        QVERIFY(readFile(copy).endsWith("# mine\n"));
        // An untouched copy is reused, not multiplied.
        QVERIFY(w.openExample(bundled));
        QCOMPARE(QFileInfo(w.document().path()).fileName(), QStringLiteral("swish-2.py"));
    }

    void unsavedChangesAreAskedAboutFirst()
    {
        ScriptedWindow w;
        w.editor()->setText(QStringLiteral("precious = 1\n"));
        w.choice = MainWindow::SaveChoice::Cancel;
        QVERIFY(!w.openExample(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/vector_add.py")));
        QCOMPARE(w.editor()->utf8Text(), QByteArray("precious = 1\n"));
        QCOMPARE(w.questions, 1);
        w.choice = MainWindow::SaveChoice::Discard;
        QVERIFY(w.openExample(QStringLiteral(TSM_SOURCE_DIR "/resources/examples/vector_add.py")));
        QCOMPARE(w.questions, 2); // asked once, not again by the open
        QVERIFY(w.editor()->utf8Text().contains("add_kernel"));
    }

    void aMissingExampleIsAnError()
    {
        ScriptedWindow w;
        QVERIFY(!w.openExample(QStringLiteral("/nonexistent/none.py")));
        QCOMPARE(w.errors.size(), 1);
        QVERIFY2(w.errors[0].contains(QStringLiteral("/nonexistent/none.py")),
                 qPrintable(w.errors[0]));
    }
};

QTEST_MAIN(TestExamples)
#include "tst_examples.moc"
