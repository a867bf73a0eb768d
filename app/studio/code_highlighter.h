#pragma once
// Syntax colouring (Theme::current()'s colours) for the read-only Generated Code views: comments, preprocessor and
// assembler directives (#line, .loc) dimmed so the code itself stands out, C / PTX keywords,
// numbers. Line-local rules only: generated code is large and re-shown on every rebuild.

#include "app/studio/line_map.h"

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace tsm {

class CodeHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    CodeHighlighter(CodeKind kind, QTextDocument *document);
    /// Takes the colours of Theme::current() and recolours the document.
    void applyTheme();

protected:
    void highlightBlock(const QString &text) override;

private:
    void setUpRules();

    struct Rule
    {
        QRegularExpression pattern;
        QTextCharFormat format;
    };
    CodeKind m_kind;
    QList<Rule> m_rules;
    QRegularExpression m_comment;
    QTextCharFormat m_commentFormat;
};

} // namespace tsm
