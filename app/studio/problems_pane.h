#pragma once
// The Problems dock's contents: a list view over ProblemsModel; clicking a row (or pressing
// Enter on it) asks for the span to be shown in the editor.

#include <QWidget>

class QLabel;
class QStackedLayout;
class QTreeView;

namespace tsm {

class ProblemsModel;

class ProblemsPane : public QWidget
{
    Q_OBJECT

public:
    explicit ProblemsPane(ProblemsModel *model, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }

signals:
    /// The user picked the problem in `row`.
    void problemActivated(int row);

private:
    void updatePlaceholder();

    ProblemsModel *m_model;
    QTreeView *m_view;
    QLabel *m_placeholder;
    QStackedLayout *m_stack;
};

} // namespace tsm
