#include "app/studio/code_highlighter.h"

#include "app/studio/theme.h"

namespace tsm {
namespace {

QTextCharFormat colour(const QColor &c, bool bold = false)
{
    QTextCharFormat f;
    f.setForeground(c);
    if (bold)
        f.setFontWeight(QFont::Bold);
    return f;
}

} // namespace

CodeHighlighter::CodeHighlighter(CodeKind kind, QTextDocument *document)
    : QSyntaxHighlighter(document)
    , m_kind(kind)
{
    setUpRules();
}

void CodeHighlighter::applyTheme()
{
    setUpRules();
    rehighlight();
}

void CodeHighlighter::setUpRules()
{
    const CodeColors &c = Theme::current().code;
    const QTextCharFormat keyword = colour(c.keyword, true);
    const QTextCharFormat type = colour(c.type);
    const QTextCharFormat number = colour(c.number);
    const QTextCharFormat directive = colour(c.directive);
    const QTextCharFormat opcode = colour(c.opcode, true);
    m_commentFormat = colour(c.comment);
    m_rules.clear();
    switch (m_kind) {
    case CodeKind::Cuda:
        m_rules << Rule{QRegularExpression(QStringLiteral(
                            "\\b(for|if|else|while|do|return|break|continue|const|auto|extern|"
                            "static|inline|__global__|__device__|__shared__|__launch_bounds__|"
                            "__syncthreads|__align__|reinterpret_cast|static_cast)\\b")),
                        keyword}
                  << Rule{QRegularExpression(QStringLiteral(
                            "\\b(void|bool|char|int|unsigned|long|float|double|half|__half|"
                            "__nv_bfloat16|int8_t|int16_t|int32_t|int64_t|uint8_t|uint16_t|"
                            "uint32_t|uint64_t)\\b")),
                          type}
                  << Rule{QRegularExpression(QStringLiteral("\\b(0x[0-9a-fA-F]+|\\d+(\\.\\d*)?(e[-+]?\\d+)?f?)\\b")), number}
                  << Rule{QRegularExpression(QStringLiteral("^\\s*#.*$")), directive};
        m_comment = QRegularExpression(QStringLiteral("//.*$"));
        break;
    case CodeKind::Ptx:
        m_rules << Rule{QRegularExpression(QStringLiteral("^\\s*(@!?%p\\d+\\s+)?[a-z][a-z0-9_]*(\\.[a-z0-9_]+)*")), opcode}
                  << Rule{QRegularExpression(QStringLiteral("%[a-z]+\\d*")), type}
                  << Rule{QRegularExpression(QStringLiteral("\\b(0[fFdD][0-9a-fA-F]+|\\d+)\\b")), number}
                  << Rule{QRegularExpression(QStringLiteral("^\\s*\\.(loc|file)\\b.*$")), directive};
        m_comment = QRegularExpression(QStringLiteral("//.*$"));
        break;
    case CodeKind::Sass:
        m_rules << Rule{QRegularExpression(QStringLiteral("(?<=\\*/)\\s+(@!?U?P\\w+\\s+)?[A-Z][A-Z0-9_.]*")), opcode}
                  << Rule{QRegularExpression(QStringLiteral("/\\*[0-9a-f]+\\*/")), directive};
        m_comment = QRegularExpression(QStringLiteral("//.*$"));
        break;
    case CodeKind::Ir:
        m_rules << Rule{QRegularExpression(QStringLiteral("=\\s+([a-z_]+(\\.[a-z_]+)*)")), opcode}
                  << Rule{QRegularExpression(QStringLiteral(":\\s+<?[^#]*$")), type};
        m_comment = QRegularExpression(QStringLiteral("#\\s*L\\d+\\s*$"));
        m_commentFormat = directive;
        break;
    }
}

void CodeHighlighter::highlightBlock(const QString &text)
{
    for (const Rule &r : std::as_const(m_rules)) {
        QRegularExpressionMatchIterator it = r.pattern.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), r.format);
        }
    }
    if (const QRegularExpressionMatch m = m_comment.match(text); m.hasMatch())
        setFormat(int(m.capturedStart()), int(m.capturedLength()), m_commentFormat);
}

} // namespace tsm
