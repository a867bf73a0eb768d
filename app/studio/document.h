#pragma once
// The file behind the editor: its path, and reading and writing it. Reading goes through
// core's loader (so the studio refuses what `tilesmith check` refuses, with the same words);
// writing goes through QSaveFile, so a failed save leaves the old file as it was.

#include <QByteArray>
#include <QString>

namespace tsm {

class Document
{
public:
    struct ReadResult
    {
        bool ok = false;
        QByteArray text; ///< UTF-8, without a leading byte order mark
        bool hasBom = false;
        QString error; ///< why the file cannot be opened, for the user
    };
    struct WriteResult
    {
        bool ok = false;
        QString error;
    };

    /// Files larger than this are refused: the editor is for source files.
    static constexpr qint64 MaxFileSize = 64 * 1024 * 1024;

    static ReadResult read(const QString &path);
    /// Writes `bytes` to `path` atomically (temporary file, then rename over the old one).
    static WriteResult write(const QString &path, const QByteArray &bytes);

    /// Reads `path` and, on success, makes it this document's file.
    ReadResult open(const QString &path);
    /// Writes `text` to `path` (with the byte order mark the file had) and adopts the path.
    WriteResult saveAs(const QString &path, const QByteArray &text);
    WriteResult save(const QByteArray &text) { return saveAs(m_path, text); }
    /// Forgets the file: an untitled document.
    void reset();

    const QString &path() const { return m_path; }
    bool isUntitled() const { return m_path.isEmpty(); }
    /// File name for titles ("untitled.py" when untitled).
    QString displayName() const;

private:
    QString m_path;
    bool m_hasBom = false;
};

} // namespace tsm
