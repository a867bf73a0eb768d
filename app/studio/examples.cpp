#include "app/studio/examples.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace tsm {
namespace {

QByteArray readAll(const QString &path, bool *ok)
{
    QFile f(path);
    *ok = f.open(QIODevice::ReadOnly);
    return *ok ? f.readAll() : QByteArray();
}

} // namespace

QString examplesDirectory()
{
    const QString installed
        = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/tilesmith/examples");
    if (QFileInfo(installed).isDir())
        return QFileInfo(installed).canonicalFilePath();
#ifdef TSM_EXAMPLES_SOURCE_DIR
    if (QFileInfo(QStringLiteral(TSM_EXAMPLES_SOURCE_DIR)).isDir())
        return QStringLiteral(TSM_EXAMPLES_SOURCE_DIR);
#endif
    return {};
}

QStringList exampleFiles(const QString &directory)
{
    if (directory.isEmpty())
        return {};
    QStringList files;
    const QDir dir(directory);
    for (const QString &name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

ExampleCopy copyExample(const QString &bundled)
{
    bool ok = false;
    const QByteArray text = readAll(bundled, &ok);
    if (!ok)
        return {{}, QObject::tr("Cannot read the example %1").arg(bundled)};
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                           + QStringLiteral("/examples");
    if (!QDir().mkpath(folder))
        return {{}, QObject::tr("Cannot create %1 for a copy of the example").arg(folder)};
    const QFileInfo info(bundled);
    for (int n = 1; n < 1000; ++n) {
        const QString name = n == 1 ? info.fileName()
                                    : QStringLiteral("%1-%2.%3")
                                          .arg(info.completeBaseName())
                                          .arg(n)
                                          .arg(info.suffix());
        const QString path = QDir(folder).filePath(name);
        if (QFileInfo::exists(path)) {
            bool read = false;
            if (readAll(path, &read) == text && read)
                return {path, {}}; // an untouched copy: open it again
            continue;              // the user's edits stay
        }
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size() || !out.commit())
            return {{},
                    QObject::tr("Cannot write a copy of the example to %1: %2")
                        .arg(path, out.errorString())};
        return {path, {}};
    }
    return {{}, QObject::tr("Too many copies of %1 in %2").arg(info.fileName(), folder)};
}

} // namespace tsm
