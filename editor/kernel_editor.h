#pragma once
// The source editor of the studio: QsciScintilla set up for Triton programs (TritonLexer,
// line numbers, folding, Python auto-indent, brace matching), diagnostics as marks with hover
// messages, and the search primitives the find bar drives. Positions are byte offsets into the
// UTF-8 document, the same as core's SourceSpan.

#include "editor/diagnostic_marks.h"

#include <Qsci/qsciscintilla.h>

#include <memory>

namespace tsm {

class TritonLexer;

class KernelEditor : public QsciScintilla
{
    Q_OBJECT

public:
    /// What to search for; `regex` uses ECMAScript syntax.
    struct SearchOptions
    {
        QString pattern;
        bool caseSensitive = false;
        bool regex = false;
        bool wholeWord = false;
    };
    /// How a search went: matches are counted over the whole document.
    enum class SearchStatus { Found, NotFound, InvalidPattern };

    /// 1-based line and code-point column, as the Problems pane and status bar show them.
    struct LineColumn
    {
        int line = 1;
        int column = 1;
    };

    static constexpr int LineNumberMargin = 0;
    /// The user-list id of the Triton API completion list.
    static constexpr int kApiListId = 1;
    static constexpr int FoldMargin = 2;

    explicit KernelEditor(QWidget *parent = nullptr);
    ~KernelEditor() override;

    TritonLexer *tritonLexer() const { return m_lexer; }
    DiagnosticMarks &marks() { return *m_marks; }

    /// The document as UTF-8 bytes.
    QByteArray utf8Text() const;
    /// Bytes [begin, end) of the document.
    QByteArray textRange(int begin, int end) const;
    /// Replaces the document; clears undo history and the modified flag.
    void setUtf8Text(const QByteArray &text);

    /// Selects bytes [begin, end), scrolls them into view and focuses the editor.
    void selectSpan(int begin, int end);
    int cursorOffset() const;
    LineColumn cursorLineColumn() const;

    /// Selects the next (or previous) match after (before) the selection, wrapping around.
    SearchStatus findNext(const SearchOptions &options, bool forward = true);
    /// Replaces the selection if it is a match, then selects the next match.
    SearchStatus replaceCurrent(const SearchOptions &options, const QString &replacement);
    /// Replaces every match in one undo step; returns how many (-1: invalid pattern).
    int replaceAll(const SearchOptions &options, const QString &replacement);
    /// Number of matches in the document (-1: invalid pattern).
    int countMatches(const SearchOptions &options) const;

    /// The tooltip for a point of the viewport (diagnostics first, then registry docs).
    QString hoverText(int position, const QPoint &viewportPoint) const;

signals:
    /// The caret moved (1-based line, code-point column).
    void cursorMoved(int line, int column);

private:
    /// After '.' (the names of the module before it) or '(' (the function's call tip).
    void offerApiHelp(char typed);
    void insertAtCaret(const QString &s);
    void setUpView();
    void indentNewLine();
    void onDwellStart(int position, int x, int y);
    QString registryHover(int position) const;
    static bool isValidPattern(const SearchOptions &options);
    int searchFlags(const SearchOptions &options) const;
    long searchIn(const QByteArray &pattern, int flags, long from, long to) const;

    TritonLexer *m_lexer;
    std::unique_ptr<DiagnosticMarks> m_marks;
};

} // namespace tsm
