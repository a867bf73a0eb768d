#include "app/studio/theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QToolTip>

#include <algorithm>

namespace tsm {
namespace {

const char kSettingsKey[] = "view/theme";

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b2d31), base(0x1e1f22), text(0xd4d7dc), disabled(0x7d838c);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x25272b));
    p.setColor(QPalette::ToolTipBase, QColor(0x33363b));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x33363b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff7b72));
    p.setColor(QPalette::Light, QColor(0x45484e));
    p.setColor(QPalette::Midlight, QColor(0x3a3d42));
    p.setColor(QPalette::Mid, QColor(0x2f3136));
    p.setColor(QPalette::Dark, QColor(0x1a1b1e));
    p.setColor(QPalette::Shadow, QColor(0x0e0f10));
    p.setColor(QPalette::Highlight, QColor(0x2f6fb3));
    p.setColor(QPalette::HighlightedText, QColor(0xffffff));
    p.setColor(QPalette::Link, QColor(0x79c0ff));
    p.setColor(QPalette::LinkVisited, QColor(0xd2a8ff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

QPalette lightPalette()
{
    QPalette p(QColor(0xefefef));
    p.setColor(QPalette::Base, QColor(0xffffff));
    p.setColor(QPalette::AlternateBase, QColor(0xf6f8fa));
    p.setColor(QPalette::Highlight, QColor(0x2f6fb3));
    p.setColor(QPalette::HighlightedText, QColor(0xffffff));
    p.setColor(QPalette::ToolTipBase, QColor(0xffffdc));
    p.setColor(QPalette::ToolTipText, QColor(0x1f2328));
    return p;
}

CodeColors lightCode()
{
    return {QColor(0x003399),
            QColor(0x006699),
            QColor(0x993300),
            QColor(0x999999),
            QColor(0x3f7f3f),
            QColor(0x003399),
            QColor(0xfff3b0)};
}

CodeColors darkCode()
{
    return {QColor(0xff9f6e),
            QColor(0x5fd7c4),
            QColor(0x79c0ff),
            QColor(0x7d838c),
            QColor(0x8bc58a),
            QColor(0x79b8ff),
            QColor(0x4b4420)};
}

struct State
{
    Theme theme = Theme::make(ThemeChoice::Light, lightPalette());
    ThemeChoice choice = ThemeChoice::System;
    bool captured = false;
    QPalette systemPalette;
    QPalette systemToolTipPalette;
    QString systemStyle;
};

State &state()
{
    static State s;
    return s;
}

} // namespace

Theme Theme::make(ThemeChoice choice, const QPalette &systemPalette)
{
    Theme t;
    switch (choice) {
    case ThemeChoice::System:
        t.palette = systemPalette;
        t.dark = systemPalette.color(QPalette::Base).lightness() < 128;
        break;
    case ThemeChoice::Light:
        t.palette = lightPalette();
        break;
    case ThemeChoice::Dark:
        t.palette = darkPalette();
        t.dark = true;
        break;
    }
    t.editor = t.dark ? EditorColors::dark() : EditorColors::light();
    t.code = t.dark ? darkCode() : lightCode();
    t.chart = t.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    t.chartReference = t.dark ? QColor(0xc9d1d9) : QColor(0x444444);
    t.dimText = t.dark ? QColor(0x9da5b0) : QColor(0x6e7781);
    return t;
}

QColor Theme::readable(const QColor &c) const
{
    if (!dark)
        return c;
    QColor light = c.toHsl();
    light.setHsl(light.hslHue(), light.hslSaturation(), std::max(light.lightness(), 165));
    return light.toRgb();
}

const Theme &Theme::current()
{
    return state().theme;
}

ThemeChoice Theme::applied()
{
    return state().choice;
}

const Theme &Theme::apply(ThemeChoice choice)
{
    State &s = state();
    if (!s.captured) { // what the platform gave, before any theme changed it
        s.captured = true;
        s.systemPalette = QApplication::palette();
        s.systemToolTipPalette = QToolTip::palette();
        s.systemStyle = QApplication::style()->name();
    }
    s.choice = choice;
    s.theme = make(choice, s.systemPalette);
    // Fusion draws with the palette everywhere (other styles ignore parts of a dark one).
    const QString style = choice == ThemeChoice::System ? s.systemStyle : QStringLiteral("fusion");
    if (QApplication::style()->name().compare(style, Qt::CaseInsensitive) != 0)
        if (QStyle *st = QStyleFactory::create(style))
            QApplication::setStyle(st);
    QApplication::setPalette(s.theme.palette);
    // Tooltips (the editor's hovers among them) keep the palette they started with unless told.
    QToolTip::setPalette(choice == ThemeChoice::System ? s.systemToolTipPalette : s.theme.palette);
    return s.theme;
}

QString themeChoiceName(ThemeChoice choice)
{
    switch (choice) {
    case ThemeChoice::Light:
        return QStringLiteral("light");
    case ThemeChoice::Dark:
        return QStringLiteral("dark");
    case ThemeChoice::System:
        break;
    }
    return QStringLiteral("system");
}

bool themeChoiceFromName(const QString &name, ThemeChoice *choice)
{
    for (ThemeChoice c : {ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark})
        if (name.compare(themeChoiceName(c), Qt::CaseInsensitive) == 0) {
            *choice = c;
            return true;
        }
    return false;
}

ThemeChoice savedThemeChoice()
{
    ThemeChoice c = ThemeChoice::System;
    themeChoiceFromName(QSettings().value(QLatin1String(kSettingsKey)).toString(), &c);
    return c;
}

void saveThemeChoice(ThemeChoice choice)
{
    QSettings().setValue(QLatin1String(kSettingsKey), themeChoiceName(choice));
}

} // namespace tsm
