#pragma once
// The MainWindow helper the studio's Qt Test suites share, apart from ui_test_support.h so that
// suites without a window need not include main_window.h.

#include "app/studio/main_window.h"

#include <QByteArray>
#include <QString>

#include <memory>

/// A MainWindow built with TILESMITH_BIN set to `runnerPath` (the previous value is restored).
inline std::unique_ptr<tsm::MainWindow> windowWithRunner(const QString &runnerPath)
{
    const QByteArray saved = qgetenv("TILESMITH_BIN");
    qputenv("TILESMITH_BIN", runnerPath.toLocal8Bit());
    auto w = std::make_unique<tsm::MainWindow>();
    qputenv("TILESMITH_BIN", saved);
    return w;
}
