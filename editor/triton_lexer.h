#pragma once
// Python highlighting that knows Triton: keywords, Python builtins, decorators, f-strings with
// their nested expressions, and the names of the builtin registry (`tl.load`, `triton.cdiv`) in
// styles of their own, so a misspelt `tl.lod` stands out before the check even runs. Folding
// follows indentation. The scanner is a pure function over one line, testable without a widget.

#include "editor/editor_colors.h"

#include <Qsci/qscilexercustom.h>

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tsm {

/// Scintilla style numbers used by TritonLexer (all below 32).
enum class TritonStyle : int {
    Default = 0,    ///< whitespace, line ends, stray bytes
    Comment,        ///< `# ...`
    Number,         ///< integer, float, imaginary literals
    String,         ///< single-quoted string (any prefix)
    TripleString,   ///< triple-quoted string, may span lines
    Keyword,        ///< Python keywords, `True`, `False`, `None`
    Builtin,        ///< Python builtins: `range`, `print`, `ValueError`
    Decorator,      ///< `@triton.jit`, `@triton.autotune`
    FunctionName,   ///< the name after `def`
    ClassName,      ///< the name after `class`
    Operator,       ///< punctuation and brackets (brace matching keys on it)
    Identifier,     ///< any other name
    TritonModule,   ///< `tl`, `triton`, `triton.language`: a module of the registry
    TritonName,     ///< a registry member reached through its module: the `load` of `tl.load`
    FStringBrace,   ///< `{`, `}`, `!r` and `:` of an f-string replacement field
    UnclosedString, ///< a string that runs into the end of its line
    Count
};

/// Modules and members to highlight, from the builtin registry, plus short aliases.
class TritonNames
{
public:
    struct Member
    {
        std::string signature;
        std::string doc;
    };

    /// Registers `module.name`; `module` is a dotted path and its parents become modules too.
    void addMember(const std::string &module, const std::string &name, Member info = {});
    /// `alias` (a single name such as `tl`) stands for the dotted `module`.
    void addAlias(const std::string &alias, const std::string &module);

    /// The module path that the first name of a chain stands for (`tl` → `triton.language`).
    std::string resolveHead(std::string_view name) const;
    /// True for a registered module path or a parent of one (`triton`).
    bool isModule(std::string_view path) const;
    /// The member `name` of module `path`, or null.
    const Member *member(std::string_view path, std::string_view name) const;
    /// The member a dotted chain as written in source names (`tl.load`), or null.
    const Member *lookup(std::string_view chain) const;
    bool empty() const { return m_members.empty(); }

    /// Every name of core's builtin registry, with `tl` as the alias of `triton.language`.
    static TritonNames fromRegistry();

private:
    std::unordered_set<std::string> m_modules;
    std::unordered_map<std::string, std::string> m_aliases;
    std::unordered_map<std::string, Member> m_members; // key "module.name"
};

struct StyleRun
{
    int length = 0;
    TritonStyle style = TritonStyle::Default;
};

/// Scans one line (with its line end) that starts in `state`, appending style runs that cover
/// every byte; returns the state at its end. State 0 means the next line starts a new logical
/// line; otherwise a string or brackets are still open.
int scanTritonLine(std::string_view line,
                   int state,
                   const TritonNames &names,
                   std::vector<StyleRun> &runs);

/// The QScintilla lexer: styles with scanTritonLine and sets indentation fold levels.
class TritonLexer : public QsciLexerCustom
{
    Q_OBJECT

public:
    explicit TritonLexer(QObject *parent = nullptr);

    const char *language() const override { return "Triton"; }
    QString description(int style) const override;
    void styleText(int start, int end) override;

    QColor defaultColor(int style) const override;
    QColor defaultPaper(int style) const override;
    QFont defaultFont(int style) const override;
    int braceStyle() const override { return int(TritonStyle::Operator); }
    const char *wordCharacters() const override;
    QStringList autoCompletionWordSeparators() const override { return {"."}; }

    /// The colours of every style (light until set); restyles an attached editor.
    void setColors(const EditorColors &colors);
    const EditorColors &colors() const { return m_colors; }

    const TritonNames &names() const { return m_names; }
    /// Replaces the highlighted names and restyles the whole document.
    void setNames(TritonNames names);
    /// The editor's fixed-pitch font (the base of every style).
    static QFont codeFont();

private:
    void updateFoldLevels(int firstLine, int lastLine);
    bool isCodeLine(int line) const;

    TritonNames m_names;
    EditorColors m_colors = EditorColors::light();
    std::vector<StyleRun> m_runs;
};

} // namespace tsm
