#include "editor/triton_lexer.h"

#include "core/sema/builtin_registry.h"

#include <QFontDatabase>
#include <Qsci/qsciscintilla.h>

#include <type_traits>

namespace tsm {
namespace {

template <class T> std::string toStdString(const T &value)
{
    if constexpr (std::is_pointer_v<T>)
        return value ? std::string(value) : std::string();
    else
        return std::string(std::string_view(value));
}

struct StyleLook
{
    const char *name;
    QColor EditorColors::*color;
    bool bold = false;
    bool italic = false;
};

const StyleLook &look(int style)
{
    static const StyleLook looks[] = {
        {"Default", &EditorColors::text},
        {"Comment", &EditorColors::comment, false, true},
        {"Number", &EditorColors::number},
        {"String", &EditorColors::string},
        {"Triple-quoted string", &EditorColors::string},
        {"Keyword", &EditorColors::keyword, true},
        {"Python builtin", &EditorColors::builtin},
        {"Decorator", &EditorColors::decorator},
        {"Function name", &EditorColors::definition, true},
        {"Class name", &EditorColors::definition, true},
        {"Operator", &EditorColors::operatorText},
        {"Identifier", &EditorColors::text},
        {"Triton module", &EditorColors::tritonModule},
        {"Triton builtin", &EditorColors::tritonName, true},
        {"f-string field", &EditorColors::keyword, true},
        {"Unclosed string", &EditorColors::string},
    };
    static_assert(std::size(looks) == std::size_t(TritonStyle::Count));
    return looks[(style >= 0 && style < int(TritonStyle::Count)) ? style : 0];
}

} // namespace

void TritonNames::addMember(const std::string &module, const std::string &name, Member info)
{
    for (std::size_t dot = module.find('.'); dot != std::string::npos;
         dot = module.find('.', dot + 1))
        m_modules.insert(module.substr(0, dot));
    m_modules.insert(module);
    m_members[module + "." + name] = std::move(info);
}

void TritonNames::addAlias(const std::string &alias, const std::string &module)
{
    m_aliases[alias] = module;
}

std::string TritonNames::resolveHead(std::string_view name) const
{
    const auto it = m_aliases.find(std::string(name));
    return it != m_aliases.end() ? it->second : std::string(name);
}

bool TritonNames::isModule(std::string_view path) const
{
    return m_modules.count(std::string(path)) != 0;
}

const TritonNames::Member *TritonNames::member(std::string_view path, std::string_view name) const
{
    std::string key(path);
    key += '.';
    key += name;
    const auto it = m_members.find(key);
    return it != m_members.end() ? &it->second : nullptr;
}

const TritonNames::Member *TritonNames::lookup(std::string_view chain) const
{
    const std::size_t lastDot = chain.rfind('.');
    if (lastDot == std::string_view::npos)
        return nullptr;
    const std::string_view path = chain.substr(0, lastDot);
    const std::size_t firstDot = path.find('.');
    std::string module = resolveHead(path.substr(0, firstDot));
    if (firstDot != std::string_view::npos)
        module += path.substr(firstDot);
    return member(module, chain.substr(lastDot + 1));
}

TritonNames TritonNames::fromRegistry()
{
    TritonNames names;
    for (const BuiltinInfo &info : builtinRegistry())
        names.addMember(toStdString(info.moduleName),
                        toStdString(info.name),
                        {toStdString(info.signature), toStdString(info.doc)});
    names.addAlias("tl", "triton.language");
    return names;
}

TritonLexer::TritonLexer(QObject *parent)
    : QsciLexerCustom(parent)
    , m_names(TritonNames::fromRegistry())
{
}

QString TritonLexer::description(int style) const
{
    if (style < 0 || style >= int(TritonStyle::Count))
        return {};
    return QString::fromLatin1(look(style).name);
}

QColor TritonLexer::defaultColor(int style) const
{
    return m_colors.*look(style).color;
}

QColor TritonLexer::defaultPaper(int style) const
{
    if (style == int(TritonStyle::UnclosedString))
        return m_colors.unclosedStringPaper;
    return m_colors.paper;
}

void TritonLexer::setColors(const EditorColors &colors)
{
    m_colors = colors;
    setDefaultColor(colors.text);
    setDefaultPaper(colors.paper);
    for (int style = 0; style < int(TritonStyle::Count); ++style) {
        setColor(defaultColor(style), style);
        setPaper(defaultPaper(style), style);
    }
}

QFont TritonLexer::defaultFont(int style) const
{
    QFont font = codeFont();
    font.setBold(look(style).bold);
    font.setItalic(look(style).italic);
    return font;
}

const char *TritonLexer::wordCharacters() const
{
    return "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
}

QFont TritonLexer::codeFont()
{
    for (const char *family : {"DejaVu Sans Mono", "Noto Mono", "Liberation Mono"}) {
        if (QFontDatabase::hasFamily(QString::fromLatin1(family)))
            return QFont(QString::fromLatin1(family), 10);
    }
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPointSize(10);
    return font;
}

void TritonLexer::setNames(TritonNames names)
{
    m_names = std::move(names);
    if (editor())
        editor()->recolor();
}

void TritonLexer::styleText(int start, int end)
{
    QsciScintilla *ed = editor();
    if (!ed || end <= start)
        return;
    const int firstLine = int(ed->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, start));
    const int lastLine = int(ed->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, end - 1));
    const long from = ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, firstLine);
    const long docEnd = ed->SendScintilla(QsciScintilla::SCI_GETLENGTH);
    const long rangeEnd = lastLine + 1 < ed->lines()
                              ? ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, lastLine + 1)
                              : docEnd;
    const QByteArray bytes = ed->bytes(int(from), int(rangeEnd));
    const std::string_view text(bytes.constData(), std::size_t(rangeEnd - from));

    int state = firstLine > 0
                    ? int(ed->SendScintilla(QsciScintilla::SCI_GETLINESTATE, firstLine - 1))
                    : 0;
    startStyling(int(from));
    long lineStart = from;
    for (int line = firstLine; line <= lastLine; ++line) {
        const long lineEnd = line + 1 < ed->lines()
                                 ? ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line + 1)
                                 : docEnd;
        m_runs.clear();
        state = scanTritonLine(
            text.substr(std::size_t(lineStart - from), std::size_t(lineEnd - lineStart)),
            state,
            m_names,
            m_runs);
        for (const StyleRun &run : m_runs)
            setStyling(run.length, int(run.style));
        ed->SendScintilla(QsciScintilla::SCI_SETLINESTATE, line, long(state));
        lineStart = lineEnd;
    }
    updateFoldLevels(firstLine, lastLine);
}

// A line that opens or closes folds: it starts a logical line (no string or bracket open
// from the lines above) and is neither blank nor only a comment.
bool TritonLexer::isCodeLine(int line) const
{
    QsciScintilla *ed = editor();
    if (line > 0 && ed->SendScintilla(QsciScintilla::SCI_GETLINESTATE, line - 1) != 0)
        return false;
    const long indentPos = ed->SendScintilla(QsciScintilla::SCI_GETLINEINDENTPOSITION, line);
    if (indentPos >= ed->SendScintilla(QsciScintilla::SCI_GETLINEENDPOSITION, line))
        return false;
    return ed->SendScintilla(QsciScintilla::SCI_GETCHARAT, indentPos) != '#';
}

// Python folds by indentation: a code line is a fold header when the next code line is
// indented deeper; blank and comment lines take the level of the next code line.
void TritonLexer::updateFoldLevels(int firstLine, int lastLine)
{
    QsciScintilla *ed = editor();
    const int lineCount = ed->lines();
    int begin = firstLine - 1;
    while (begin > 0 && !isCodeLine(begin))
        --begin;
    begin = std::max(begin, 0);

    constexpr int kLookAhead = 2000; // beyond this many blank lines, treat as end of file
    int nextCode = lastLine + 1;
    while (nextCode < lineCount && nextCode - lastLine < kLookAhead && !isCodeLine(nextCode))
        ++nextCode;
    if (nextCode >= lineCount || nextCode - lastLine >= kLookAhead)
        nextCode = -1;

    auto indent = [&](int line) {
        const long cols = ed->SendScintilla(QsciScintilla::SCI_GETLINEINDENTATION, line);
        return int(std::min<long>(cols, 0x7ff));
    };
    for (int line = lastLine; line >= begin; --line) {
        int level = QsciScintilla::SC_FOLDLEVELBASE;
        if (isCodeLine(line)) {
            level += indent(line);
            if (nextCode >= 0 && indent(nextCode) > indent(line))
                level |= QsciScintilla::SC_FOLDLEVELHEADERFLAG;
            nextCode = line;
        } else {
            // not flagged as white: Scintilla would fold trailing blank lines into the block
            level += nextCode >= 0 ? indent(nextCode) : 0;
        }
        if (ed->SendScintilla(QsciScintilla::SCI_GETFOLDLEVEL, line) != level)
            ed->SendScintilla(QsciScintilla::SCI_SETFOLDLEVEL, line, long(level));
    }
}

} // namespace tsm
