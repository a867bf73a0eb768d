#include "editor/find_bar.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>

namespace tsm {
namespace {

QToolButton *makeButton(const QString &text, const QString &tip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setAutoRaise(true);
    return button;
}

} // namespace

FindBar::FindBar(KernelEditor *editor, QWidget *parent)
    : QWidget(parent)
    , m_editor(editor)
    , m_find(new QLineEdit(this))
    , m_replace(new QLineEdit(this))
    , m_case(new QCheckBox(tr("Match case"), this))
    , m_word(new QCheckBox(tr("Whole word"), this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_status(new QLabel(this))
    , m_replaceRow(new QWidget(this))
{
    setObjectName(QStringLiteral("findBar"));
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(
        QStringLiteral("#findBar { background: #f6f8fa; border-top: 1px solid #d0d7de; }"));
    m_find->setPlaceholderText(tr("Find"));
    m_find->setClearButtonEnabled(true);
    m_replace->setPlaceholderText(tr("Replace with"));
    m_status->setMinimumWidth(140);

    auto *previous = makeButton(QStringLiteral("↑"), tr("Find previous (Shift+F3)"), this);
    auto *next = makeButton(QStringLiteral("↓"), tr("Find next (F3)"), this);
    auto *close = makeButton(QStringLiteral("✕"), tr("Close (Esc)"), this);
    auto *replace = new QPushButton(tr("Replace"), m_replaceRow);
    auto *replaceAllButton = new QPushButton(tr("Replace All"), m_replaceRow);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 4, 8, 4);
    grid->setVerticalSpacing(4);
    grid->addWidget(m_find, 0, 0);
    grid->addWidget(previous, 0, 1);
    grid->addWidget(next, 0, 2);
    grid->addWidget(m_case, 0, 3);
    grid->addWidget(m_word, 0, 4);
    grid->addWidget(m_regex, 0, 5);
    grid->addWidget(m_status, 0, 6);
    grid->addWidget(close, 0, 7);
    auto *replaceLayout = new QHBoxLayout(m_replaceRow);
    replaceLayout->setContentsMargins(0, 0, 0, 0);
    replaceLayout->addWidget(m_replace, 1);
    replaceLayout->addWidget(replace);
    replaceLayout->addWidget(replaceAllButton);
    replaceLayout->addStretch(0);
    grid->addWidget(m_replaceRow, 1, 0, 1, 6);
    grid->setColumnStretch(0, 1);

    connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        m_editor->setFocus();
        emit closed();
    });
    connect(replace, &QPushButton::clicked, this, &FindBar::replaceCurrent);
    connect(replaceAllButton, &QPushButton::clicked, this, &FindBar::replaceAll);
    connect(m_find, &QLineEdit::textEdited, this, [this] {
        // incremental: search again from the start of the current match so that it grows
        int line = 0, index = 0, lineTo = 0, indexTo = 0;
        m_editor->getSelection(&line, &index, &lineTo, &indexTo);
        if (line >= 0)
            m_editor->setCursorPosition(line, index);
        find(true);
    });
    for (QCheckBox *box : {m_case, m_word, m_regex})
        connect(box, &QCheckBox::toggled, this, &FindBar::updateCount);
}

KernelEditor::SearchOptions FindBar::options() const
{
    return {m_find->text(), m_case->isChecked(), m_regex->isChecked(), m_word->isChecked()};
}

void FindBar::open(bool withReplace)
{
    const QString selected = m_editor->selectedText();
    if (!selected.isEmpty() && !selected.contains(QLatin1Char('\n')))
        m_find->setText(selected);
    setReplaceVisible(withReplace);
    show();
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
    updateCount();
}

void FindBar::setReplaceVisible(bool visible)
{
    m_replaceRow->setVisible(visible);
}

bool FindBar::findNext()
{
    return find(true);
}

bool FindBar::findPrevious()
{
    return find(false);
}

bool FindBar::find(bool forward)
{
    const KernelEditor::SearchStatus status = m_editor->findNext(options(), forward);
    report(status);
    return status == KernelEditor::SearchStatus::Found;
}

bool FindBar::replaceCurrent()
{
    const KernelEditor::SearchStatus status
        = m_editor->replaceCurrent(options(), m_replace->text());
    report(status);
    return status == KernelEditor::SearchStatus::Found;
}

int FindBar::replaceAll()
{
    const int count = m_editor->replaceAll(options(), m_replace->text());
    updateCount();
    if (count > 0) {
        m_status->setStyleSheet(QString());
        m_status->setText(count == 1 ? tr("Replaced 1") : tr("Replaced %1").arg(count));
    }
    return count;
}

void FindBar::report(KernelEditor::SearchStatus status)
{
    updateCount();
    if (status == KernelEditor::SearchStatus::InvalidPattern)
        m_status->setText(tr("Invalid regular expression"));
}

void FindBar::updateCount()
{
    if (m_find->text().isEmpty()) {
        m_status->clear();
        return;
    }
    const int count = m_editor->countMatches(options());
    const bool bad = count <= 0;
    m_status->setStyleSheet(bad ? QStringLiteral("color: #d1242f") : QString());
    if (count < 0)
        m_status->setText(tr("Invalid regular expression"));
    else if (count == 0)
        m_status->setText(tr("No matches"));
    else
        m_status->setText(count == 1 ? tr("1 match") : tr("%1 matches").arg(count));
}

QString FindBar::statusText() const
{
    return m_status->text();
}

void FindBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        m_editor->setFocus();
        emit closed();
    } else if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        if (m_replace->hasFocus())
            replaceCurrent();
        else
            find(!(event->modifiers() & Qt::ShiftModifier));
    } else {
        QWidget::keyPressEvent(event);
    }
}

} // namespace tsm
