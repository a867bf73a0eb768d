#include "app/studio/problems_pane.h"

#include "app/studio/problems_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QStackedLayout>
#include <QTreeView>

namespace tsm {

ProblemsPane::ProblemsPane(ProblemsModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(new QTreeView(this))
    , m_placeholder(new QLabel(tr("No problems in this file."), this))
    , m_stack(new QStackedLayout(this))
{
    m_view->setModel(model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAllColumnsShowFocus(true);
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(ProblemsModel::SeverityColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ProblemsModel::MessageColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(ProblemsModel::KindColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ProblemsModel::LocationColumn, QHeaderView::ResizeToContents);

    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setStyleSheet(QStringLiteral("color: #6e7781"));
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_placeholder);

    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex &index) {
        emit problemActivated(index.row());
    });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        emit problemActivated(index.row());
    });
    connect(model, &QAbstractItemModel::modelReset, this, &ProblemsPane::updatePlaceholder);
    updatePlaceholder();
}

void ProblemsPane::updatePlaceholder()
{
    m_stack->setCurrentWidget(m_model->rowCount() == 0 ? static_cast<QWidget *>(m_placeholder)
                                                       : m_view);
}

} // namespace tsm
