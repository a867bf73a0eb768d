// Dropping files on the studio: a .py file dropped on the editor opens it (not inserted as
// text), unsaved changes are asked about first, several files open the first and say so, and
// drags without local files (text, web links) are left to the editor.

#include "app/studio/file_drop.h"
#include "app/studio/main_window.h"
#include "editor/kernel_editor.h"
#include "ui_test_support.h"

#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <memory>

using namespace tsm;

namespace {

class ScriptedWindow : public MainWindow
{
public:
    SaveChoice choice = SaveChoice::Cancel;
    int questions = 0;

protected:
    SaveChoice askSaveChanges() override
    {
        ++questions;
        return choice;
    }
};

// A drag entering `target` and dropped at its centre, as the platform would deliver it.
bool dropOn(QWidget *target, QMimeData *mime)
{
    const QPoint at = target->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}

QMimeData *files(const QStringList &paths)
{
    auto *mime = new QMimeData;
    QList<QUrl> urls;
    for (const QString &p : paths)
        urls << QUrl::fromLocalFile(p);
    mime->setUrls(urls);
    return mime;
}

} // namespace

class TestFileDrop : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        useTestSettings(m_settings.path(), QStringLiteral("tst_file_drop"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
    }

    void aFileDroppedOnTheEditorOpens()
    {
        ScriptedWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString path = m_dir.filePath(QStringLiteral("dropped.py"));
        writeFile(path, "x = 1\n");
        std::unique_ptr<QMimeData> mime(files({path}));
        QVERIFY(dropOn(w.editor()->viewport(), mime.get()));
        QCOMPARE(w.document().path(), path);
        QCOMPARE(w.editor()->utf8Text(), QByteArray("x = 1\n")); // opened, not inserted as text
        QCOMPARE(w.questions, 0);
        // On the window itself (a dock, the status bar) too.
        const QString other = m_dir.filePath(QStringLiteral("other.py"));
        writeFile(other, "y = 2\n");
        std::unique_ptr<QMimeData> mime2(files({other}));
        QVERIFY(dropOn(&w, mime2.get()));
        QCOMPARE(w.document().path(), other);
    }

    void unsavedChangesAreAskedAbout()
    {
        ScriptedWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.editor()->setText(QStringLiteral("precious = 1\n"));
        const QString path = m_dir.filePath(QStringLiteral("dropped.py"));
        writeFile(path, "x = 1\n");
        std::unique_ptr<QMimeData> mime(files({path}));
        w.choice = MainWindow::SaveChoice::Cancel;
        dropOn(w.editor()->viewport(), mime.get());
        QCOMPARE(w.questions, 1);
        QVERIFY(w.document().isUntitled());
        QCOMPARE(w.editor()->utf8Text(), QByteArray("precious = 1\n"));
        w.choice = MainWindow::SaveChoice::Discard;
        dropOn(w.editor()->viewport(), mime.get());
        QCOMPARE(w.questions, 2);
        QCOMPARE(w.document().path(), path);
    }

    void severalFilesOpenTheFirstAndSaySo()
    {
        ScriptedWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString a = m_dir.filePath(QStringLiteral("a.py")),
                      b = m_dir.filePath(QStringLiteral("b.py"));
        writeFile(a, "a = 1\n");
        writeFile(b, "b = 1\n");
        std::unique_ptr<QMimeData> mime(files({a, b}));
        QVERIFY(dropOn(w.editor()->viewport(), mime.get()));
        QCOMPARE(w.document().path(), a);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("a.py"))
                     && said.contains(QStringLiteral("1 other dropped file")),
                 qPrintable(said));
    }

    void textAndWebLinksAreNotFiles()
    {
        ScriptedWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMimeData text;
        text.setText(QStringLiteral("not a file"));
        QVERIFY(FileDropFilter::localFiles(&text).isEmpty());
        QMimeData web;
        web.setUrls({QUrl(QStringLiteral("https://example.com/k.py"))});
        QVERIFY(FileDropFilter::localFiles(&web).isEmpty());
        QVERIFY(!dropOn(&w, &web)); // the window does not take it
        QVERIFY(w.document().isUntitled());
        QCOMPARE(w.questions, 0);
    }
};

QTEST_MAIN(TestFileDrop)
#include "tst_file_drop.moc"
