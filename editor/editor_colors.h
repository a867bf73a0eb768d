#pragma once
// The kernel editor's colours: the paper, the text of each kind of token, the margins, caret
// line, selection and brace matching. One set per theme; the studio's theme (app/studio/theme.h)
// picks one and hands it to KernelEditor::setColors.

#include <QColor>

namespace tsm {

struct EditorColors
{
    QColor paper, text;
    QColor comment, number, string, keyword, builtin, decorator, definition, operatorText;
    QColor tritonModule, tritonName;
    QColor unclosedStringPaper;
    QColor marginText, marginPaper, indentGuide;
    QColor caret, caretLine, selection;
    QColor braceMatchPaper, braceMatchText, braceBad;
    QColor callTipPaper, callTipText;
    QColor costHeat; ///< the hottest shade of the profiler's per-line cost strip

    static EditorColors light();
    static EditorColors dark();
};

} // namespace tsm
