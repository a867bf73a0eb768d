// FindBar: seeding from the selection, incremental find, Enter / Shift+Enter / Escape, the
// option boxes, replace and replace all, and what its status line says.

#include "editor/find_bar.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QVBoxLayout>
#include <QtTest>

using namespace tsm;

class TestFindBar : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        QWidget window;
        KernelEditor *editor = new KernelEditor;
        FindBar *bar = new FindBar(editor);

        Fixture()
        {
            auto *layout = new QVBoxLayout(&window);
            layout->addWidget(editor);
            layout->addWidget(bar);
            window.resize(800, 400);
            window.show();
            bar->hide();
        }
        long selectionStart() const
        {
            return editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART);
        }
    };

private slots:
    void opensSeededWithTheSelection()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        f.editor->setUtf8Text("x = tl.load(p)\ny = tl.load(q)\n");
        f.editor->selectSpan(7, 11);
        f.bar->open(false);
        QVERIFY(f.bar->isVisible());
        QVERIFY(!f.bar->replaceEdit()->isVisible());
        QCOMPARE(f.bar->findEdit()->text(), QStringLiteral("load"));
        QCOMPARE(f.bar->statusText(), QStringLiteral("2 matches"));
        f.bar->open(true);
        QVERIFY(f.bar->replaceEdit()->isVisible());
    }

    void findsIncrementallyAndWithKeys()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        f.editor->setUtf8Text("pid\nprogram_id\nprogram\n");
        f.bar->open(false);
        QTest::keyClicks(f.bar->findEdit(), "pro");
        QCOMPARE(f.selectionStart(), 4L);
        QTest::keyClicks(f.bar->findEdit(), "gram_"); // the match grows in place
        QCOMPARE(f.selectionStart(), 4L);
        QCOMPARE(f.editor->selectedText(), QStringLiteral("program_"));
        f.bar->findEdit()->setText(QStringLiteral("program"));
        QTest::keyClick(f.bar->findEdit(), Qt::Key_Return);
        QCOMPARE(f.selectionStart(), 15L);
        QTest::keyClick(f.bar->findEdit(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(f.selectionStart(), 4L);

        QSignalSpy closed(f.bar, &FindBar::closed);
        QTest::keyClick(f.bar->findEdit(), Qt::Key_Escape);
        QCOMPARE(closed.count(), 1);
        QVERIFY(!f.bar->isVisible());
    }

    void optionsChangeTheCount()
    {
        Fixture f;
        f.editor->setUtf8Text("Load load loader\n");
        f.bar->open(false);
        f.bar->findEdit()->setText(QStringLiteral("load"));
        QVERIFY(f.bar->findNext());
        QCOMPARE(f.bar->statusText(), QStringLiteral("3 matches"));
        f.bar->caseBox()->setChecked(true);
        QCOMPARE(f.bar->statusText(), QStringLiteral("2 matches"));
        f.bar->wordBox()->setChecked(true);
        QCOMPARE(f.bar->statusText(), QStringLiteral("1 match"));
        f.bar->findEdit()->setText(QStringLiteral("lo[a"));
        f.bar->regexBox()->setChecked(true);
        QCOMPARE(f.bar->statusText(), QStringLiteral("Invalid regular expression"));
        QVERIFY(!f.bar->findNext());
        f.bar->findEdit()->setText(QStringLiteral("nothing"));
        QVERIFY(!f.bar->findNext());
        QCOMPARE(f.bar->statusText(), QStringLiteral("No matches"));
    }

    void replacesOneOrAll()
    {
        Fixture f;
        f.editor->setUtf8Text("a = tl.lod(x)\nb = tl.lod(y)\nc = tl.lod(z)\n");
        f.bar->open(true);
        f.bar->findEdit()->setText(QStringLiteral("tl.lod"));
        f.bar->replaceEdit()->setText(QStringLiteral("tl.load"));
        QVERIFY(f.bar->findNext());
        QVERIFY(f.bar->replaceCurrent());
        QCOMPARE(f.editor->utf8Text(),
                 QByteArray("a = tl.load(x)\nb = tl.lod(y)\nc = tl.lod(z)\n"));
        QCOMPARE(f.bar->replaceAll(), 2);
        QCOMPARE(f.editor->utf8Text(),
                 QByteArray("a = tl.load(x)\nb = tl.load(y)\nc = tl.load(z)\n"));
        QCOMPARE(f.bar->statusText(), QStringLiteral("Replaced 2"));
    }
};

QTEST_MAIN(TestFindBar)
#include "tst_find_bar.moc"
