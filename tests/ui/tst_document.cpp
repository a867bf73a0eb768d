// Document: reading through core's loader (clear refusals), atomic saves through QSaveFile,
// failed saves that leave the old file and report why.

#include "app/studio/document.h"
#include "ui_test_support.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tsm;

namespace {

ino_t inodeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void readsUtf8Text()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k.py"));
        writeFile(path, "x = 'h\xC3\xA9llo'\n");
        const Document::ReadResult r = Document::read(path);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, QByteArray("x = 'h\xC3\xA9llo'\n"));
        QVERIFY(!r.hasBom);
    }

    void refusesUnusableFiles_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not utf-8") << QByteArray("x = '\xFF\xFE'\n") << QStringLiteral("UTF-8");
        QTest::newRow("binary") << QByteArray("\x7F"
                                              "ELF\0\0\0",
                                              7)
                                << QStringLiteral("binary");
    }

    void refusesUnusableFiles()
    {
        QFETCH(QByteArray, contents);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.py"));
        writeFile(path, contents);
        const Document::ReadResult r = Document::read(path);
        QVERIFY(!r.ok);
        QVERIFY(r.text.isEmpty());
        QVERIFY2(r.error.contains(expected), qPrintable(r.error));
        QVERIFY2(r.error.contains(path), qPrintable(r.error));
    }

    void refusesMissingFilesAndDirectories()
    {
        QTemporaryDir dir;
        const Document::ReadResult missing
            = Document::read(dir.filePath(QStringLiteral("nope.py")));
        QVERIFY(!missing.ok);
        QVERIFY2(missing.error.contains(QStringLiteral("no such file")), qPrintable(missing.error));
        const Document::ReadResult directory = Document::read(dir.path());
        QVERIFY(!directory.ok);
        QVERIFY2(directory.error.contains(QStringLiteral("directory")),
                 qPrintable(directory.error));
    }

    void keepsTheByteOrderMark()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bom.py"));
        writeFile(path, "\xEF\xBB\xBFx = 1\n");
        Document doc;
        const Document::ReadResult r = doc.open(path);
        QVERIFY(r.ok);
        QVERIFY(r.hasBom);
        QCOMPARE(r.text, QByteArray("x = 1\n"));
        QVERIFY(doc.save("x = 2\n").ok);
        QCOMPARE(readFile(path), QByteArray("\xEF\xBB\xBFx = 2\n"));
    }

    void saveReplacesTheFileAtomically()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kernel.py"));
        writeFile(path, "old\n");
        const ino_t before = inodeOf(path);
        Document doc;
        QVERIFY(doc.open(path).ok);
        const Document::WriteResult w = doc.save("new contents\n");
        QVERIFY2(w.ok, qPrintable(w.error));
        QCOMPARE(readFile(path), QByteArray("new contents\n"));
        // QSaveFile writes a new file and renames it over the old one
        QVERIFY(inodeOf(path) != before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("kernel.py")});
    }

    void failedWriteLeavesTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kernel.py"));
        writeFile(path, "old\n");
        // a file size limit makes the write fail even for root
        struct rlimit saved
        {
        };
        QVERIFY(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
        auto *previous = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = saved;
        small.rlim_cur = 64;
        QVERIFY(::setrlimit(RLIMIT_FSIZE, &small) == 0);
        const Document::WriteResult w = Document::write(path, QByteArray(4096, 'x'));
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previous);
        QVERIFY(!w.ok);
        QVERIFY2(w.error.contains(path), qPrintable(w.error));
        QCOMPARE(readFile(path), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("kernel.py")});
    }

    void reportsUnwritableTargets()
    {
        QTemporaryDir dir;
        const Document::WriteResult noDir
            = Document::write(dir.filePath(QStringLiteral("no/such/dir/k.py")), "x");
        QVERIFY(!noDir.ok);
        QVERIFY(!noDir.error.isEmpty());
        const Document::WriteResult isDir = Document::write(dir.path(), "x");
        QVERIFY(!isDir.ok);
        const Document::WriteResult proc
            = Document::write(QStringLiteral("/proc/tilesmith-test.py"), "x");
        QVERIFY(!proc.ok);
        QVERIFY2(proc.error.contains(QStringLiteral("/proc/tilesmith-test.py")),
                 qPrintable(proc.error));
    }

    void reportsAReadOnlyDirectory()
    {
        if (::geteuid() == 0)
            QSKIP("root writes into read-only directories; failedWriteLeavesTheOldFile covers it");
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        const Document::WriteResult w = Document::write(dir.filePath(QStringLiteral("k.py")), "x");
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!w.ok);
        QVERIFY(!w.error.isEmpty());
    }

    void saveAsAdoptsThePathOnlyOnSuccess()
    {
        QTemporaryDir dir;
        Document doc;
        QVERIFY(doc.isUntitled());
        QCOMPARE(doc.displayName(), QStringLiteral("untitled.py"));
        QVERIFY(!doc.saveAs(dir.filePath(QStringLiteral("missing/k.py")), "x").ok);
        QVERIFY(doc.isUntitled());
        const QString path = dir.filePath(QStringLiteral("swish.py"));
        QVERIFY(doc.saveAs(path, "x = 1\n").ok);
        QCOMPARE(doc.path(), path);
        QCOMPARE(doc.displayName(), QStringLiteral("swish.py"));
        QCOMPARE(readFile(path), QByteArray("x = 1\n"));
        doc.reset();
        QVERIFY(doc.isUntitled());
    }
};

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
