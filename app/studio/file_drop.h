#pragma once
// Files dropped on the window: an event filter for the window and the editor's viewport (which
// would otherwise take a dropped file as text to insert). Drags that carry local files are
// accepted and reported; anything else (text, web links) goes on to the widget as before.

#include <QObject>
#include <QStringList>

class QMimeData;

namespace tsm {

class FileDropFilter : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    /// The local files among a drag's URLs (none for text, web links).
    static QStringList localFiles(const QMimeData *mime);

signals:
    void filesDropped(const QStringList &paths);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace tsm
