#include "editor/editor_colors.h"

namespace tsm {

EditorColors EditorColors::light()
{
    EditorColors c;
    c.paper = QColor(0xffffff);
    c.text = QColor(0x1f2328);
    c.comment = QColor(0x6e7781);
    c.number = QColor(0x1750eb);
    c.string = QColor(0x067d17);
    c.keyword = QColor(0x0033b3);
    c.builtin = QColor(0x7a3e9d);
    c.decorator = QColor(0x9e6a03);
    c.definition = QColor(0x00627a);
    c.operatorText = QColor(0x3b4451);
    c.tritonModule = QColor(0x0b7285);
    c.tritonName = QColor(0xc2185b);
    c.unclosedStringPaper = QColor(0xffebe9);
    c.marginText = QColor(0x8c959f);
    c.marginPaper = QColor(0xf6f8fa);
    c.indentGuide = QColor(0xd8dee4);
    c.caret = QColor(0x1f2328);
    c.caretLine = QColor(0xf3f7fd);
    c.selection = QColor(0xc8ddf7);
    c.braceMatchPaper = QColor(0xd7e6fb);
    c.braceMatchText = QColor(0x0033b3);
    c.braceBad = QColor(0xd1242f);
    c.callTipPaper = QColor(0xffffff);
    c.callTipText = QColor(0x1f2328);
    c.costHeat = QColor(0xd9480f);
    return c;
}

// Contrast with the paper stays above 4.5:1 for every text colour (comments included).
EditorColors EditorColors::dark()
{
    EditorColors c;
    c.paper = QColor(0x1e1f22);
    c.text = QColor(0xd4d7dc);
    c.comment = QColor(0x8b949e);
    c.number = QColor(0x79c0ff);
    c.string = QColor(0x9ad28a);
    c.keyword = QColor(0xff9f6e);
    c.builtin = QColor(0xd2a8ff);
    c.decorator = QColor(0xe3c16f);
    c.definition = QColor(0x5fd7c4);
    c.operatorText = QColor(0xbac4d0);
    c.tritonModule = QColor(0x56d4dd);
    c.tritonName = QColor(0xff7eb6);
    c.unclosedStringPaper = QColor(0x4a1f24);
    c.marginText = QColor(0x6e7681);
    c.marginPaper = QColor(0x191a1d);
    c.indentGuide = QColor(0x33373e);
    c.caret = QColor(0xe6edf3);
    c.caretLine = QColor(0x272a30);
    c.selection = QColor(0x264f78);
    c.braceMatchPaper = QColor(0x2d4a6b);
    c.braceMatchText = QColor(0x9ecbff);
    c.braceBad = QColor(0xff7b72);
    c.callTipPaper = QColor(0x2b2d31);
    c.callTipText = QColor(0xd4d7dc);
    c.costHeat = QColor(0xff8c42);
    return c;
}

} // namespace tsm
