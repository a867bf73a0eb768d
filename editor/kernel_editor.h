#pragma once
// The source editor of the studio: QsciScintilla set up for Triton programs (TritonLexer,
// line numbers, folding, Python auto-indent, brace matching), diagnostics as marks with hover
// messages, the profiler's per-line costs as a heat strip, value types from the last run and
// registry docs on hover, go to definition with a back stack, and the search primitives the
// find bar drives. Positions are byte offsets into
// the UTF-8 document, the same as core's SourceSpan.

#include "editor/diagnostic_marks.h"
#include "editor/editor_colors.h"
#include "editor/line_cost_marks.h"

#include <Qsci/qsciscintilla.h>

#include <QVector>

#include <functional>
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
    /// How many go-to-definition jumps Alt+Left can return from.
    static constexpr int kBackStackDepth = 50;
    /// The text of a kernel value at a position ("x: fp32[1024]"), or "" (see KernelTypes).
    using ValueTypeProvider = std::function<QString(int position)>;

    explicit KernelEditor(QWidget *parent = nullptr);
    ~KernelEditor() override;

    TritonLexer *tritonLexer() const { return m_lexer; }
    /// Paper, token colours (through the lexer), margins, caret line, selection, braces.
    void setColors(const EditorColors &colors);
    DiagnosticMarks &marks() { return *m_marks; }
    /// The profiler's per-line costs (the heat strip beside the text).
    LineCostMarks &lineCosts() { return *m_lineCosts; }

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

    /// The tooltip for a point of the viewport: diagnostics first (in the margins, with the
    /// line's profiled cost), then the value's type, then registry docs.
    QString hoverText(int position, const QPoint &viewportPoint) const;
    void setValueTypeProvider(ValueTypeProvider provider) { m_valueTypes = std::move(provider); }
    /// Shows the hover of `position` as a tooltip (what dwelling the mouse there does).
    void showHoverAt(int position);

    /// Jumps to the definition of the name at `position` in this file (F12, Ctrl+click),
    /// remembering where it was; false when the name is not defined here (a signal says why).
    bool goToDefinition(int position);
    /// Returns to where the last jump started (Alt+Left); false when there is none.
    bool goBack();
    int backStackSize() const { return int(m_backStack.size()); }
    /// F12 and Alt+Left, for menus; they work while the editor has the focus.
    QAction *goToDefinitionAction() const { return m_goToDefinition; }
    QAction *goBackAction() const { return m_goBack; }

signals:
    /// The caret moved (1-based line, code-point column).
    void cursorMoved(int line, int column);
    /// Go to definition found `name` bound by an import of `module`.
    void definitionOutsideFile(const QString &name, const QString &module);
    /// Go to definition found no definition of `name` ("" when not on a name).
    void definitionNotFound(const QString &name);

protected:
    void mousePressEvent(QMouseEvent *event) override;

private:
    /// After '.' (the names of the module before it) or '(' (the function's call tip).
    void offerApiHelp(char typed);
    void insertAtCaret(const QString &s);
    void setUpView();
    void indentNewLine();
    void onDwellStart(int position, int x, int y);
    QString registryHover(int position) const;
    void setUpNavigation();
    static bool isValidPattern(const SearchOptions &options);
    int searchFlags(const SearchOptions &options) const;
    long searchIn(const QByteArray &pattern, int flags, long from, long to) const;

    TritonLexer *m_lexer;
    std::unique_ptr<DiagnosticMarks> m_marks;
    std::unique_ptr<LineCostMarks> m_lineCosts;
    ValueTypeProvider m_valueTypes;
    QVector<int> m_backStack; ///< positions jumped from, most recent last
    QAction *m_goToDefinition = nullptr;
    QAction *m_goBack = nullptr;
};

} // namespace tsm
