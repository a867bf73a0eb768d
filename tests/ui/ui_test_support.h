#pragma once
// Small helpers the studio's Qt Test suites share: whole-file reads and writes, which dock of a
// tab group is raised, and settings kept in a test's own folder (ui_window_support.h has the
// MainWindow helper).

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QMainWindow>
#include <QSettings>
#include <QString>
#include <QTabBar>
#include <QTest>

/// The file's bytes, or empty when it cannot be read.
inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Writes `bytes` to `path` (a test failure when it cannot).
inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QVERIFY(f.write(bytes) == bytes.size());
}

/// The title of the raised dock in the tab group that holds the dock titled `title`.
inline QString currentTabBeside(const QMainWindow &w, const QString &title)
{
    for (const QTabBar *bar : w.findChildren<QTabBar *>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title)
                return bar->tabText(bar->currentIndex());
    return {};
}

/// Settings as INI files under `dir`, for organization TilesmithTests and `application`.
inline void useTestSettings(const QString &dir, const QString &application)
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
    QCoreApplication::setOrganizationName(QStringLiteral("TilesmithTests"));
    QCoreApplication::setApplicationName(application);
}
