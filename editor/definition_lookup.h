#pragma once
// Go to definition inside one file: where the name under a position is defined. Inside a
// function, its parameters and locals (the first assignment); then the module's functions,
// classes, assignments and imports. Imported names are defined outside the file.

#include <QByteArray>
#include <QString>

namespace tsm {

struct Definition
{
    enum class Kind {
        None,     ///< not on a name, or a name this file does not define
        InFile,   ///< [begin, end) is the defining name
        Imported, ///< bound by an import of `module`
    };
    Kind kind = Kind::None;
    QString name; ///< as written under the position ("tl.load" for an attribute chain)
    int begin = 0;
    int end = 0;
    QString module; ///< Imported: "triton.language"
};

/// The definition of the name at byte `offset` of the UTF-8 Python source `text`.
Definition findDefinition(const QByteArray &text, int offset);

} // namespace tsm
