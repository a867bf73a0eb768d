#include "app/studio/document.h"

#include "core/source/source_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace tsm {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

} // namespace

Document::ReadResult Document::read(const QString &path)
{
    ReadResult result;
    const QFileInfo info(path);
    if (info.isFile() && info.size() > MaxFileSize) {
        result.error = QObject::tr("%1 is too large to edit (%2 MiB)")
                           .arg(path)
                           .arg(info.size() / (1024 * 1024));
        return result;
    }
    const LoadResult loaded = loadSourceText(QFile::encodeName(path).toStdString());
    if (loaded.error != LoadError::None) {
        result.error
            = QObject::tr("Cannot open %1: %2").arg(path, QString::fromStdString(loaded.message));
        return result;
    }
    result.ok = true;
    result.text = QByteArray(loaded.text.data(), qsizetype(loaded.text.size()));
    if (result.text.startsWith(kBom)) {
        result.hasBom = true;
        result.text.remove(0, 3);
    }
    return result;
}

Document::WriteResult Document::write(const QString &path, const QByteArray &bytes)
{
    WriteResult result;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        result.error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
        return result;
    }
    // QFileDevice reports a short write (file size limit, quota) as success once some bytes
    // went out: compare what reached the temporary file before it replaces the old one.
    if (file.write(bytes) != bytes.size() || !file.flush() || file.size() != bytes.size()) {
        const QString why = file.error() != QFileDevice::NoError
                                ? file.errorString()
                                : QObject::tr("only %1 of %2 bytes could be written")
                                      .arg(file.size())
                                      .arg(bytes.size());
        result.error = QObject::tr("Cannot write %1: %2").arg(path, why);
        file.cancelWriting();
        return result;
    }
    if (!file.commit()) {
        result.error = QObject::tr("Cannot save %1: %2").arg(path, file.errorString());
        return result;
    }
    result.ok = true;
    return result;
}

Document::ReadResult Document::open(const QString &path)
{
    ReadResult result = read(path);
    if (result.ok) {
        m_path = QFileInfo(path).absoluteFilePath();
        m_hasBom = result.hasBom;
    }
    return result;
}

Document::WriteResult Document::saveAs(const QString &path, const QByteArray &text)
{
    const WriteResult result = write(path, m_hasBom ? QByteArray(kBom) + text : text);
    if (result.ok)
        m_path = QFileInfo(path).absoluteFilePath();
    return result;
}

void Document::reset()
{
    m_path.clear();
    m_hasBom = false;
}

QString Document::displayName() const
{
    return isUntitled() ? QStringLiteral("untitled.py") : QFileInfo(m_path).fileName();
}

} // namespace tsm
