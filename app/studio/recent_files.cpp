#include "app/studio/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace tsm {
namespace {

const char kKey[] = "recentFiles";

} // namespace

QStringList RecentFiles::stored() const
{
    return QSettings().value(QLatin1String(kKey)).toStringList();
}

void RecentFiles::store(const QStringList &files)
{
    QSettings().setValue(QLatin1String(kKey), files.mid(0, MaxCount));
}

QStringList RecentFiles::files() const
{
    QStringList existing;
    for (const QString &path : stored()) {
        if (QFileInfo(path).isFile())
            existing << path;
    }
    return existing;
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = stored();
    files.removeAll(absolute);
    files.prepend(absolute);
    store(files);
}

void RecentFiles::remove(const QString &path)
{
    QStringList files = stored();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    store(files);
}

void RecentFiles::clear()
{
    store({});
}

} // namespace tsm
