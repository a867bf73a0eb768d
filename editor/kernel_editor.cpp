#include "editor/kernel_editor.h"

#include "editor/api_completion.h"
#include "editor/definition_lookup.h"
#include "editor/triton_lexer.h"

#include <QAction>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>
#include <regex>

namespace tsm {
namespace {

using Sci = QsciScintillaBase;

constexpr int kDwellMs = 400;
constexpr int kMaxMatches = 1'000'000;

bool isWordChar(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

KernelEditor::KernelEditor(QWidget *parent)
    : QsciScintilla(parent)
    , m_lexer(new TritonLexer(this))
{
    setUpView();
    setUpNavigation();
    m_marks = std::make_unique<DiagnosticMarks>(this);
    m_lineCosts = std::make_unique<LineCostMarks>(this);
    m_lineCosts->setColors(m_lexer->colors().marginPaper, m_lexer->colors().costHeat);
    // Typing on a profiled line drops its cost: the numbers were measured for other code.
    connect(this, &QsciScintillaBase::SCN_MODIFIED, this, [this](int position, int type, const char *, int, int, int, int, int, int, int) {
        if ((type & (SC_MOD_INSERTTEXT | SC_MOD_DELETETEXT)) && !m_lineCosts->isEmpty())
            m_lineCosts->lineEdited(int(SendScintilla(SCI_LINEFROMPOSITION, static_cast<unsigned long>(position))));
    });

    connect(this, &QsciScintillaBase::SCN_CHARADDED, this, [this](int ch) {
        if (ch == '\n' || (ch == '\r' && eolMode() == EolMac))
            indentNewLine();
        else if (ch == '.' || ch == '(')
            offerApiHelp(char(ch));
        else if (ch == ')')
            SendScintilla(SCI_CALLTIPCANCEL);
    });
    connect(this, &QsciScintilla::userListActivated, this, [this](int id, const QString &name) {
        if (id == kApiListId)
            insertAtCaret(name);
    });
    connect(this, &QsciScintillaBase::SCN_DWELLSTART, this, &KernelEditor::onDwellStart);
    connect(this, &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
    connect(this, &QsciScintilla::cursorPositionChanged, this, [this] {
        const LineColumn lc = cursorLineColumn();
        emit cursorMoved(lc.line, lc.column);
    });
}

KernelEditor::~KernelEditor() = default;

void KernelEditor::offerApiHelp(char typed)
{
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    const QString before = text(line).left(index - 1); // without the character just typed
    const QString name = dottedNameBefore(before, int(before.size()));
    if (name.isEmpty())
        return;
    if (typed == '.') {
        const QStringList names = apiCompletions(name, text());
        if (!names.isEmpty())
            showUserList(kApiListId, names);
        return;
    }
    const QString tip = apiCallTip(name, text());
    if (!tip.isEmpty())
        SendScintilla(SCI_CALLTIPSHOW, SendScintilla(SCI_GETCURRENTPOS), tip.toUtf8().constData());
}

void KernelEditor::insertAtCaret(const QString &s)
{
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    insertAt(s, line, index);
    setCursorPosition(line, index + int(s.size()));
}

void KernelEditor::setUpView()
{
    setUtf8(true);
    setLexer(m_lexer);
    setEolMode(EolUnix);

    const QFont font = TritonLexer::codeFont();
    setMarginsFont(font);
    setMarginLineNumbers(LineNumberMargin, true);
    setMarginWidth(LineNumberMargin, QStringLiteral("00000"));
    setFolding(BoxedTreeFoldStyle, FoldMargin);

    setIndentationsUseTabs(false);
    setTabWidth(4);
    setIndentationWidth(4);
    setTabIndents(true);
    setBackspaceUnindents(true);
    setAutoIndent(false); // indentNewLine() knows Python's block rules
    setIndentationGuides(true);

    setBraceMatching(SloppyBraceMatch);

    setCaretLineVisible(true);
    setCaretWidth(2);

    SendScintilla(SCI_SETMOUSEDWELLTIME, kDwellMs);
    SendScintilla(SCI_SETSCROLLWIDTH, 1);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1);
    setAnnotationDisplay(AnnotationHidden);
    setColors(m_lexer->colors());
}

void KernelEditor::setColors(const EditorColors &c)
{
    m_lexer->setColors(c);
    SendScintilla(SCI_STYLESETBACK, STYLE_DEFAULT, c.paper);
    SendScintilla(SCI_STYLESETFORE, STYLE_DEFAULT, c.text);
    setPaper(c.paper);
    setColor(c.text);
    setMarginsForegroundColor(c.marginText);
    setMarginsBackgroundColor(c.marginPaper);
    setFoldMarginColors(c.marginPaper, c.marginPaper);
    setIndentationGuidesForegroundColor(c.indentGuide);
    setIndentationGuidesBackgroundColor(c.paper);
    setMatchedBraceBackgroundColor(c.braceMatchPaper);
    setMatchedBraceForegroundColor(c.braceMatchText);
    setUnmatchedBraceForegroundColor(c.braceBad);
    setUnmatchedBraceBackgroundColor(c.paper);
    setCaretForegroundColor(c.caret);
    setCaretLineBackgroundColor(c.caretLine);
    setSelectionBackgroundColor(c.selection);
    resetSelectionForegroundColor();
    setCallTipsBackgroundColor(c.callTipPaper);
    setCallTipsForegroundColor(c.callTipText);
    // The fold markers are drawn in the margin's colours.
    for (int marker = SC_MARKNUM_FOLDEREND; marker <= SC_MARKNUM_FOLDEROPEN; ++marker) {
        SendScintilla(SCI_MARKERSETFORE, marker, c.marginPaper);
        SendScintilla(SCI_MARKERSETBACK, marker, c.marginText);
    }
    if (m_lineCosts)
        m_lineCosts->setColors(c.marginPaper, c.costHeat);
    recolor();
}

QByteArray KernelEditor::utf8Text() const
{
    return textRange(0, int(SendScintilla(SCI_GETLENGTH)));
}

QByteArray KernelEditor::textRange(int begin, int end) const
{
    QByteArray text = bytes(begin, end); // with a terminating NUL
    text.truncate(std::max(0, end - begin));
    return text;
}

void KernelEditor::setUtf8Text(const QByteArray &text)
{
    m_marks->clear();
    m_lineCosts->clear();
    setEolMode(text.contains("\r\n") ? EolWindows : EolUnix);
    SendScintilla(SCI_SETTEXT, text.constData());
    SendScintilla(SCI_EMPTYUNDOBUFFER);
    SendScintilla(SCI_GOTOPOS, 0);
    setModified(false);
}

void KernelEditor::selectSpan(int begin, int end)
{
    const int length = int(SendScintilla(SCI_GETLENGTH));
    begin = std::clamp(begin, 0, length);
    end = std::clamp(end, begin, length);
    const long line = SendScintilla(SCI_LINEFROMPOSITION, begin);
    SendScintilla(SCI_ENSUREVISIBLEENFORCEPOLICY, line);
    SendScintilla(SCI_SETSEL, begin, end);
    SendScintilla(SCI_SCROLLRANGE, end, begin);
    setFocus(Qt::OtherFocusReason);
}

int KernelEditor::cursorOffset() const
{
    return int(SendScintilla(SCI_GETCURRENTPOS));
}

KernelEditor::LineColumn KernelEditor::cursorLineColumn() const
{
    const long pos = SendScintilla(SCI_GETCURRENTPOS);
    const long line = SendScintilla(SCI_LINEFROMPOSITION, pos);
    const long start = SendScintilla(SCI_POSITIONFROMLINE, line);
    return {int(line) + 1, int(SendScintilla(SCI_COUNTCHARACTERS, start, pos)) + 1};
}

// After Enter: keep the previous line's indentation, one level deeper after a line ending in
// `:` or an open bracket, one level shallower after return/pass/break/continue/raise.
void KernelEditor::indentNewLine()
{
    const long line = SendScintilla(SCI_LINEFROMPOSITION, SendScintilla(SCI_GETCURRENTPOS));
    if (line == 0)
        return;
    const long prev = line - 1;
    const long prevStart = SendScintilla(SCI_POSITIONFROMLINE, prev);
    long pos = SendScintilla(SCI_GETLINEENDPOSITION, prev);
    SendScintilla(SCI_COLOURISE, prevStart, pos);

    int indent = int(SendScintilla(SCI_GETLINEINDENTATION, prev));
    while (pos > prevStart) { // skip trailing blanks and a comment
        const long before = SendScintilla(SCI_POSITIONBEFORE, pos);
        const int style = int(SendScintilla(SCI_GETSTYLEAT, before));
        const int ch = int(SendScintilla(SCI_GETCHARAT, before));
        if (style != int(TritonStyle::Comment) && ch != ' ' && ch != '\t')
            break;
        pos = before;
    }
    if (pos > prevStart) {
        const long last = SendScintilla(SCI_POSITIONBEFORE, pos);
        const char ch = char(SendScintilla(SCI_GETCHARAT, last));
        const bool op = SendScintilla(SCI_GETSTYLEAT, last) == int(TritonStyle::Operator);
        if (op && (ch == ':' || ch == '(' || ch == '[' || ch == '{'))
            indent += indentationWidth();
    }
    const long wordStart = SendScintilla(SCI_GETLINEINDENTPOSITION, prev);
    const long wordEnd = SendScintilla(SCI_WORDENDPOSITION, wordStart, 1L);
    const QByteArray word = textRange(int(wordStart), int(wordEnd));
    if (SendScintilla(SCI_GETSTYLEAT, wordStart) == int(TritonStyle::Keyword)
        && (word == "return" || word == "pass" || word == "break" || word == "continue"
            || word == "raise"))
        indent = std::max(0, indent - indentationWidth());

    SendScintilla(SCI_SETLINEINDENTATION, line, long(indent));
    SendScintilla(SCI_GOTOPOS, SendScintilla(SCI_GETLINEINDENTPOSITION, line));
}

void KernelEditor::onDwellStart(int position, int x, int y)
{
    // A call tip is up while the user types arguments: a tooltip would cover it.
    if (SendScintilla(SCI_CALLTIPACTIVE))
        return;
    const QString text = hoverText(position, QPoint(x, y));
    if (!text.isEmpty())
        QToolTip::showText(viewport()->mapToGlobal(QPoint(x, y)), text, viewport());
}

void KernelEditor::showHoverAt(int position)
{
    const int x = int(SendScintilla(SCI_POINTXFROMPOSITION, 0UL, long(position)));
    const int y = int(SendScintilla(SCI_POINTYFROMPOSITION, 0UL, long(position)));
    onDwellStart(position, x, y + int(SendScintilla(SCI_TEXTHEIGHT, 0L)) / 2);
}

void KernelEditor::setUpNavigation()
{
    m_goToDefinition = new QAction(tr("Go to &Definition"), this);
    m_goToDefinition->setShortcut(QKeySequence(Qt::Key_F12));
    m_goToDefinition->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_goToDefinition, &QAction::triggered, this, [this] { goToDefinition(cursorOffset()); });
    addAction(m_goToDefinition);
    m_goBack = new QAction(tr("Go &Back"), this);
    m_goBack->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_goBack->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_goBack, &QAction::triggered, this, &KernelEditor::goBack);
    addAction(m_goBack);
}

bool KernelEditor::goToDefinition(int position)
{
    const Definition def = findDefinition(utf8Text(), position);
    switch (def.kind) {
    case Definition::Kind::InFile:
        m_backStack.push_back(cursorOffset());
        if (m_backStack.size() > kBackStackDepth)
            m_backStack.removeFirst();
        selectSpan(def.begin, def.end);
        return true;
    case Definition::Kind::Imported:
        emit definitionOutsideFile(def.name, def.module);
        return false;
    case Definition::Kind::None:
        emit definitionNotFound(def.name);
        return false;
    }
    return false;
}

bool KernelEditor::goBack()
{
    if (m_backStack.isEmpty())
        return false;
    const int length = int(SendScintilla(SCI_GETLENGTH));
    const int pos = std::clamp(m_backStack.takeLast(), 0, length);
    SendScintilla(SCI_ENSUREVISIBLEENFORCEPOLICY, SendScintilla(SCI_LINEFROMPOSITION, pos));
    SendScintilla(SCI_GOTOPOS, pos);
    setFocus(Qt::OtherFocusReason);
    return true;
}

void KernelEditor::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && event->modifiers() == Qt::ControlModifier) {
        const QPoint p = event->position().toPoint();
        const long pos = SendScintilla(
            SCI_POSITIONFROMPOINTCLOSE, static_cast<unsigned long>(p.x()), long(p.y()));
        if (pos >= 0 && goToDefinition(int(pos))) {
            event->accept();
            return;
        }
    }
    QsciScintilla::mousePressEvent(event);
}

QString KernelEditor::hoverText(int position, const QPoint &viewportPoint) const
{
    long marginsWidth = 0;
    for (int margin = 0; margin < int(SendScintilla(SCI_GETMARGINS)); ++margin)
        marginsWidth += SendScintilla(SCI_GETMARGINWIDTHN, margin);
    QStringList messages;
    if (viewportPoint.x() < marginsWidth) {
        const long pos = SendScintilla(SCI_POSITIONFROMPOINT,
                                       static_cast<unsigned long>(marginsWidth),
                                       long(viewportPoint.y()));
        const int line = int(SendScintilla(SCI_LINEFROMPOSITION, pos));
        messages = m_marks->messagesOnLine(line);
        if (const QString cost = m_lineCosts->textOnLine(line); !cost.isEmpty())
            messages << cost;
    } else {
        messages = m_marks->messagesAt(position);
    }
    if (!messages.isEmpty())
        return messages.join(QLatin1Char('\n'));
    if (position < 0)
        return {};
    if (m_valueTypes) {
        const QString type = m_valueTypes(position);
        if (!type.isEmpty())
            return type;
    }
    return registryHover(position);
}

// Signature and doc of the registry builtin under `position` (`tl.load`, `triton.cdiv`).
QString KernelEditor::registryHover(int position) const
{
    if (SendScintilla(SCI_GETSTYLEAT, position) != int(TritonStyle::TritonName))
        return {};
    long begin = SendScintilla(SCI_WORDSTARTPOSITION, position, 1L);
    const long end = SendScintilla(SCI_WORDENDPOSITION, position, 1L);
    while (begin > 1 && SendScintilla(SCI_GETCHARAT, begin - 1) == '.'
           && isWordChar(int(SendScintilla(SCI_GETCHARAT, begin - 2))))
        begin = SendScintilla(SCI_WORDSTARTPOSITION, begin - 2, 1L);
    const QByteArray chain = textRange(int(begin), int(end));
    const TritonNames::Member *member
        = m_lexer->names().lookup(std::string_view(chain.constData(), std::size_t(chain.size())));
    if (!member)
        return {};
    QString html = QStringLiteral("<p><b>%1</b>%2</p>")
                       .arg(QString::fromUtf8(chain).toHtmlEscaped(),
                            QString::fromStdString(member->signature).toHtmlEscaped());
    if (!member->doc.empty())
        html
            += QStringLiteral("<p>%1</p>").arg(QString::fromStdString(member->doc).toHtmlEscaped());
    return html;
}

// Scintilla's C++11 regex search reports a bad pattern as "no match"; std::regex is the same
// ECMAScript engine, so it tells the two apart.
bool KernelEditor::isValidPattern(const SearchOptions &options)
{
    if (!options.regex)
        return true;
    try {
        const std::string pattern = options.pattern.toStdString();
        std::regex re(pattern, std::regex::ECMAScript);
        return true;
    } catch (const std::regex_error &) {
        return false;
    }
}

int KernelEditor::searchFlags(const SearchOptions &options) const
{
    int flags = 0;
    if (options.caseSensitive)
        flags |= SCFIND_MATCHCASE;
    if (options.wholeWord)
        flags |= SCFIND_WHOLEWORD;
    if (options.regex)
        flags |= SCFIND_REGEXP | SCFIND_CXX11REGEX;
    return flags;
}

// Searches bytes [from, to) (backwards when from > to); leaves the match as the target.
// Returns the match position, -1 for none, -2 for an invalid regular expression.
long KernelEditor::searchIn(const QByteArray &pattern, int flags, long from, long to) const
{
    SendScintilla(SCI_SETSEARCHFLAGS, flags);
    SendScintilla(SCI_SETTARGETRANGE, from, to);
    return SendScintilla(
        SCI_SEARCHINTARGET, static_cast<uintptr_t>(pattern.size()), pattern.constData());
}

KernelEditor::SearchStatus KernelEditor::findNext(const SearchOptions &options, bool forward)
{
    if (options.pattern.isEmpty())
        return SearchStatus::NotFound;
    if (!isValidPattern(options))
        return SearchStatus::InvalidPattern;
    const QByteArray pattern = options.pattern.toUtf8();
    const int flags = searchFlags(options);
    const long length = SendScintilla(SCI_GETLENGTH);
    const long selStart = SendScintilla(SCI_GETSELECTIONSTART);
    const long selEnd = SendScintilla(SCI_GETSELECTIONEND);
    long found = -1;
    if (forward) {
        long from = selEnd;
        found = searchIn(pattern, flags, from, length);
        // an empty match at the caret would be found again and again: step past it
        if (found == selEnd && SendScintilla(SCI_GETTARGETEND) == found && selEnd < length) {
            from = SendScintilla(SCI_POSITIONAFTER, selEnd);
            found = searchIn(pattern, flags, from, length);
        }
        if (found == -1)
            found = searchIn(pattern, flags, 0, from);
    } else {
        found = searchIn(pattern, flags, selStart, 0);
        if (found == -1)
            found = searchIn(pattern, flags, length, selStart);
    }
    if (found == -2)
        return SearchStatus::InvalidPattern;
    if (found < 0)
        return SearchStatus::NotFound;
    const long begin = SendScintilla(SCI_GETTARGETSTART);
    const long end = SendScintilla(SCI_GETTARGETEND);
    SendScintilla(SCI_ENSUREVISIBLEENFORCEPOLICY, SendScintilla(SCI_LINEFROMPOSITION, begin));
    SendScintilla(SCI_SETSEL, begin, end);
    SendScintilla(SCI_SCROLLRANGE, end, begin);
    return SearchStatus::Found;
}

KernelEditor::SearchStatus KernelEditor::replaceCurrent(const SearchOptions &options,
                                                        const QString &replacement)
{
    if (options.pattern.isEmpty())
        return SearchStatus::NotFound;
    if (!isValidPattern(options))
        return SearchStatus::InvalidPattern;
    const QByteArray pattern = options.pattern.toUtf8();
    const long selStart = SendScintilla(SCI_GETSELECTIONSTART);
    const long selEnd = SendScintilla(SCI_GETSELECTIONEND);
    const long found = searchIn(pattern, searchFlags(options), selStart, selEnd);
    if (found == -2)
        return SearchStatus::InvalidPattern;
    if (found == selStart && SendScintilla(SCI_GETTARGETEND) == selEnd) {
        const QByteArray with = replacement.toUtf8();
        SendScintilla(options.regex ? SCI_REPLACETARGETRE : SCI_REPLACETARGET,
                      static_cast<uintptr_t>(with.size()),
                      with.constData());
        const long end = SendScintilla(SCI_GETTARGETEND);
        SendScintilla(SCI_SETSEL, end, end);
    }
    return findNext(options, true);
}

int KernelEditor::replaceAll(const SearchOptions &options, const QString &replacement)
{
    if (options.pattern.isEmpty())
        return 0;
    if (!isValidPattern(options))
        return -1;
    const QByteArray pattern = options.pattern.toUtf8();
    const QByteArray with = replacement.toUtf8();
    const int flags = searchFlags(options);
    int count = 0;
    long pos = 0;
    SendScintilla(SCI_BEGINUNDOACTION);
    while (count < kMaxMatches) {
        const long found = searchIn(pattern, flags, pos, SendScintilla(SCI_GETLENGTH));
        if (found == -2) {
            count = -1;
            break;
        }
        if (found < 0)
            break;
        const bool empty = SendScintilla(SCI_GETTARGETEND) == found;
        SendScintilla(options.regex ? SCI_REPLACETARGETRE : SCI_REPLACETARGET,
                      static_cast<uintptr_t>(with.size()),
                      with.constData());
        ++count;
        pos = SendScintilla(SCI_GETTARGETEND);
        if (empty) {
            if (pos >= SendScintilla(SCI_GETLENGTH))
                break;
            pos = SendScintilla(SCI_POSITIONAFTER, pos);
        }
    }
    SendScintilla(SCI_ENDUNDOACTION);
    return count;
}

int KernelEditor::countMatches(const SearchOptions &options) const
{
    if (options.pattern.isEmpty())
        return 0;
    if (!isValidPattern(options))
        return -1;
    const QByteArray pattern = options.pattern.toUtf8();
    const int flags = searchFlags(options);
    const long length = SendScintilla(SCI_GETLENGTH);
    int count = 0;
    long pos = 0;
    while (pos <= length && count < kMaxMatches) {
        const long found = searchIn(pattern, flags, pos, length);
        if (found == -2)
            return -1;
        if (found < 0)
            break;
        ++count;
        const long end = SendScintilla(SCI_GETTARGETEND);
        if (end == found) {
            if (end >= length)
                break;
            pos = SendScintilla(SCI_POSITIONAFTER, end);
        } else {
            pos = end;
        }
    }
    return count;
}

} // namespace tsm
