#pragma once
// The example programs shipped with Tilesmith (resources/examples): found beside the installed
// binary (share/tilesmith/examples) or in the source tree of a build. Opening one gives the user
// a writable copy in the app data folder, so the bundled file is never edited.

#include <QString>
#include <QStringList>

namespace tsm {

struct ExampleCopy
{
    QString path;  ///< the user's copy, empty on failure
    QString error; ///< why there is no copy
};

/// The folder of bundled examples, or "" when there is none.
QString examplesDirectory();
/// The bundled .py files of `directory`, sorted by name (full paths).
QStringList exampleFiles(const QString &directory = examplesDirectory());
/// Copies `bundled` into `<AppDataLocation>/examples`: a copy with the same text is reused, a
/// copy the user has changed is kept and the new one gets the next free name (swish-2.py).
ExampleCopy copyExample(const QString &bundled);

} // namespace tsm
