#pragma once
// The most recently opened files, newest first, kept in QSettings.

#include <QStringList>

namespace tsm {

class RecentFiles
{
public:
    static constexpr int MaxCount = 10;

    /// Newest first; files that no longer exist are left out.
    QStringList files() const;
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

private:
    QStringList stored() const;
    void store(const QStringList &files);
};

} // namespace tsm
