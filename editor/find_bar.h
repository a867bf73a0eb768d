#pragma once
// The find / replace bar under the editor: incremental find, next / previous, case, whole
// word and regular expression switches, replace and replace all, and a match count.

#include "editor/kernel_editor.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace tsm {

class FindBar : public QWidget
{
    Q_OBJECT

public:
    explicit FindBar(KernelEditor *editor, QWidget *parent = nullptr);

    /// Shows the find row (and the replace row with `withReplace`), seeded with the selection.
    void open(bool withReplace);
    bool findNext();
    bool findPrevious();
    bool replaceCurrent();
    int replaceAll();

    KernelEditor::SearchOptions options() const;
    QLineEdit *findEdit() const { return m_find; }
    QLineEdit *replaceEdit() const { return m_replace; }
    QCheckBox *caseBox() const { return m_case; }
    QCheckBox *wordBox() const { return m_word; }
    QCheckBox *regexBox() const { return m_regex; }
    QString statusText() const;

signals:
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    bool find(bool forward);
    void report(KernelEditor::SearchStatus status);
    void updateCount();
    void setReplaceVisible(bool visible);

    KernelEditor *m_editor;
    QLineEdit *m_find;
    QLineEdit *m_replace;
    QCheckBox *m_case;
    QCheckBox *m_word;
    QCheckBox *m_regex;
    QLabel *m_status;
    QWidget *m_replaceRow;
};

} // namespace tsm
