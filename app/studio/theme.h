#pragma once
// The studio's light and dark themes in one place: the window palette (Fusion style), the
// editor's colours, the Generated Code views' colours and the charts' theme. View > Theme picks
// Light, Dark or System (the platform's own palette and style); the choice is kept in QSettings.
// Panes read Theme::current() when they draw and get applyTheme() calls when it changes.

#include "editor/editor_colors.h"

#include <QChart>
#include <QColor>
#include <QPalette>
#include <QString>

namespace tsm {

enum class ThemeChoice { System, Light, Dark };

struct CodeColors
{
    QColor keyword, type, number, directive, comment, opcode;
    QColor highlightLine; ///< the generated lines of the Python line under the caret
};

struct Theme
{
    bool dark = false;
    QPalette palette;
    EditorColors editor;
    CodeColors code;
    QChart::ChartTheme chart = QChart::ChartThemeLight;
    QColor chartReference; ///< the dashed copy-bandwidth line
    QColor dimText;        ///< secondary status-bar text (check timings)

    /// A status colour chosen for light paper (the Run Log's green / red / blue), made light
    /// enough to read on dark paper in the dark theme.
    QColor readable(const QColor &forLightPaper) const;

    /// The theme a choice gives; System follows `systemPalette` (dark when its window is).
    static Theme make(ThemeChoice choice, const QPalette &systemPalette);
    /// The theme applied last (light before any).
    static const Theme &current();

    /// Applies `choice` to the application: style, palette; remembered as current(). The
    /// caller applies the editor / code / chart colours to its widgets.
    static const Theme &apply(ThemeChoice choice);
    static ThemeChoice applied();
};

/// "system", "light", "dark" (the QSettings and --theme spelling).
QString themeChoiceName(ThemeChoice choice);
/// The choice called `name`; false when there is none.
bool themeChoiceFromName(const QString &name, ThemeChoice *choice);
/// The choice kept in QSettings ("view/theme"), System when none.
ThemeChoice savedThemeChoice();
void saveThemeChoice(ThemeChoice choice);

} // namespace tsm
