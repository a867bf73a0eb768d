// View > Theme: Dark and Light change the application palette (Fusion), the editor's paper and
// token colours, the Generated Code colours and the charts' theme; the choice is kept in
// QSettings and a new window (a restart) comes up in it.

#include "app/studio/benchmark_chart.h"
#include "app/studio/benchmark_pane.h"
#include "app/studio/history_chart.h"
#include "app/studio/history_pane.h"
#include "app/studio/main_window.h"
#include "app/studio/theme.h"
#include "app/studio/validation_pane.h"
#include "editor/kernel_editor.h"
#include "editor/triton_lexer.h"
#include "ui_test_support.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QSettings>
#include <QStyle>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tsm;

namespace {

// What Scintilla paints a style with (not what the lexer would like).
QColor styleBack(KernelEditor *e, TritonStyle s)
{
    const long bgr = e->SendScintilla(QsciScintillaBase::SCI_STYLEGETBACK, (unsigned long)s);
    return QColor(int(bgr & 0xff), int((bgr >> 8) & 0xff), int((bgr >> 16) & 0xff));
}
QColor styleFore(KernelEditor *e, TritonStyle s)
{
    const long bgr = e->SendScintilla(QsciScintillaBase::SCI_STYLEGETFORE, (unsigned long)s);
    return QColor(int(bgr & 0xff), int((bgr >> 8) & 0xff), int((bgr >> 16) & 0xff));
}

double luminance(const QColor &c)
{
    auto lin = [](double v) {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.red()) + 0.7152 * lin(c.green()) + 0.0722 * lin(c.blue());
}
double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QAction *themeAction(MainWindow &w, const QString &name)
{
    return w.findChild<QAction *>(QStringLiteral("theme-") + name);
}

} // namespace

class TestTheme : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settings;

private slots:
    void initTestCase()
    {
        useTestSettings(m_settings.path(), QStringLiteral("tst_theme"));
        qputenv("TILESMITH_BIN", TSM_TILESMITH_BIN);
    }

    void darkAndLightRecolourEverything()
    {
        MainWindow w;
        KernelEditor *e = w.editor();
        QVERIFY(themeAction(w, QStringLiteral("dark")));
        themeAction(w, QStringLiteral("dark"))->trigger();
        QCOMPARE(Theme::applied(), ThemeChoice::Dark);
        QVERIFY(themeAction(w, QStringLiteral("dark"))->isChecked());
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 180);
        const QColor paper = styleBack(e, TritonStyle::Default);
        QVERIFY(paper.lightness() < 60);
        // Every kind of token stays readable on the dark paper (WCAG AA: 4.5:1).
        for (TritonStyle s : {TritonStyle::Default,
                              TritonStyle::Comment,
                              TritonStyle::Number,
                              TritonStyle::String,
                              TritonStyle::Keyword,
                              TritonStyle::Builtin,
                              TritonStyle::Decorator,
                              TritonStyle::FunctionName,
                              TritonStyle::TritonModule,
                              TritonStyle::TritonName})
            QVERIFY2(contrast(styleFore(e, s), styleBack(e, s)) >= 4.5,
                     qPrintable(QStringLiteral("style %1: %2 on %3")
                                    .arg(int(s))
                                    .arg(styleFore(e, s).name(), styleBack(e, s).name())));
        // The Run Log's status colours, made for light paper, read on the dark one too.
        for (QRgb c : {0x1a7f37u, 0xcf222eu, 0x0969dau, 0x9a6700u})
            QVERIFY2(contrast(Theme::current().readable(QColor(c)),
                              QApplication::palette().color(QPalette::Base))
                         >= 4.5,
                     qPrintable(QColor(c).name()));
        QCOMPARE(w.benchmarkPane()->chart()->chartTheme(), int(QChart::ChartThemeDark));
        QCOMPARE(w.historyPane()->chart()->chartTheme(), int(QChart::ChartThemeDark));
        QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(),
                 QStringLiteral("dark"));
        // The editor's hovers are tooltips: they follow the theme too.
        QCOMPARE(QToolTip::palette().color(QPalette::ToolTipBase),
                 QApplication::palette().color(QPalette::ToolTipBase));
        QVERIFY(QToolTip::palette().color(QPalette::ToolTipBase).lightness() < 80);
        QVERIFY(contrast(QToolTip::palette().color(QPalette::ToolTipText),
                         QToolTip::palette().color(QPalette::ToolTipBase))
                >= 4.5);
        // The heat map: passing cells dark on the dark pane, failing ones red, the outline
        // white; on the light theme the other way round.
        const QColor base = QApplication::palette().color(QPalette::Base);
        QVERIFY(HeatMap::cellColor(0.0f, true).lightness() < 80);
        QVERIFY(contrast(HeatMap::cellColor(0.0f, true), base) < 2.0);
        QVERIFY(contrast(HeatMap::outlineColor(true), HeatMap::cellColor(1.0f, true)) >= 3.0);
        QVERIFY(contrast(HeatMap::outlineColor(true), HeatMap::cellColor(5.0f, true)) >= 3.0);
        QVERIFY(HeatMap::cellColor(0.0f, false).lightness() > 200);
        QVERIFY(contrast(HeatMap::outlineColor(false), HeatMap::cellColor(0.0f, false)) >= 3.0);
        for (bool dark : {true, false}) {
            QCOMPARE(HeatMap::cellColor(3.0f, dark).hsvHue(), 0); // red beyond the tolerance
            QCOMPARE(HeatMap::cellColor(std::nanf(""), dark).hsvHue(), 0);
            QVERIFY(HeatMap::cellColor(0.5f, dark).hsvHue() > 100); // green within it
        }

        themeAction(w, QStringLiteral("light"))->trigger();
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 240);
        QCOMPARE(styleBack(e, TritonStyle::Default), QColor(Qt::white));
        QVERIFY(styleFore(e, TritonStyle::Keyword) != EditorColors::dark().keyword);
        QCOMPARE(styleFore(e, TritonStyle::Keyword), EditorColors::light().keyword);
        QCOMPARE(w.benchmarkPane()->chart()->chartTheme(), int(QChart::ChartThemeLight));
        QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(),
                 QStringLiteral("light"));
    }

    void theChoiceSurvivesARestart()
    {
        {
            MainWindow w;
            w.setTheme(ThemeChoice::Dark);
        }
        Theme::apply(ThemeChoice::Light); // as a fresh process would start
        MainWindow again;
        QCOMPARE(Theme::applied(), ThemeChoice::Dark);
        QVERIFY(themeAction(again, QStringLiteral("dark"))->isChecked());
        QVERIFY(styleBack(again.editor(), TritonStyle::Default).lightness() < 60);
        // A session-only theme (the --theme option) is not saved.
        again.setTheme(ThemeChoice::Light, /*remember=*/false);
        QCOMPARE(savedThemeChoice(), ThemeChoice::Dark);
        again.setTheme(ThemeChoice::System);
        QCOMPARE(savedThemeChoice(), ThemeChoice::System);
    }

    void namesRoundTrip()
    {
        for (ThemeChoice c : {ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark}) {
            ThemeChoice back = ThemeChoice::System;
            QVERIFY(themeChoiceFromName(themeChoiceName(c), &back));
            QCOMPARE(back, c);
        }
        ThemeChoice unused;
        QVERIFY(!themeChoiceFromName(QStringLiteral("solarized"), &unused));
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
