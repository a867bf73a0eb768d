#include "app/studio/history_pane.h"

#include "app/studio/comparison_model.h"
#include "app/studio/history_chart.h"
#include "app/studio/history_model.h"
#include "app/studio/run_comparison.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tsm {
namespace {

QTableView *makeTable(QAbstractItemModel *model)
{
    auto *view = new QTableView;
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

QString describe(const RunRecord &r)
{
    return QStringLiteral("%1 %2 at %3, %4")
        .arg(r.request,
             r.shortRevision(),
             r.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd hh:mm:ss")),
             r.resultText());
}

} // namespace

HistoryPane::HistoryPane(const RunHistory *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_model(new HistoryModel(this))
    , m_runs(makeTable(m_model))
    , m_chooser(new QComboBox)
    , m_compare(new QPushButton(tr("Compare")))
    , m_summary(new QLabel)
    , m_tabs(new QTabWidget)
    , m_chart(new HistoryChart)
    , m_comparison(new ComparisonModel(this))
    , m_comparisonTitle(new QLabel)
    , m_differences(new QPlainTextEdit)
{
    m_runs->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->setMinimumContentsLength(40);
    m_chooser->setToolTip(tr("The benchmark point to follow across runs: benchmark / line / x"));
    m_compare->setToolTip(
        tr("Compare the two runs selected in the table (Ctrl+click to select a second)"));
    m_summary->setStyleSheet(QStringLiteral("color: #6e7781"));
    m_comparisonTitle->setWordWrap(true);
    m_comparisonTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_differences->setReadOnly(true);
    m_differences->setMaximumBlockCount(1000);

    auto *compareTab = new QWidget;
    auto *compareLayout = new QVBoxLayout(compareTab);
    compareLayout->setContentsMargins(4, 4, 4, 4);
    compareLayout->addWidget(m_comparisonTitle);
    auto *compareSplit = new QSplitter(Qt::Vertical);
    compareSplit->addWidget(makeTable(m_comparison));
    compareSplit->addWidget(m_differences);
    compareSplit->setStretchFactor(0, 3);
    compareSplit->setStretchFactor(1, 1);
    compareLayout->addWidget(compareSplit, 1);
    m_tabs->addTab(m_chart, tr("Throughput"));
    m_tabs->addTab(compareTab, tr("Compare"));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(new QLabel(tr("Series:")));
    bar->addWidget(m_chooser, 1);
    bar->addWidget(m_compare);
    bar->addWidget(m_summary);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_runs);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, &HistoryPane::showChosenSeries);
    connect(m_compare, &QPushButton::clicked, this, &HistoryPane::compareSelected);
    connect(m_runs->selectionModel(),
            &QItemSelectionModel::selectionChanged,
            this,
            &HistoryPane::updateCompareButton);
    connect(m_model, &QAbstractItemModel::modelReset, this, &HistoryPane::updateCompareButton);
    refresh();
}

void HistoryPane::setFile(const QString &file)
{
    m_file = file;
    m_comparison->setComparison({});
    m_comparisonTitle->clear();
    m_differences->clear();
    m_tabs->setCurrentIndex(0);
    refresh();
}

void HistoryPane::refresh()
{
    const QList<RunRecord> runs
        = m_file.isEmpty() ? QList<RunRecord>() : m_history->recordsFor(m_file);
    m_model->setRecords(runs);
    for (int c : {HistoryModel::Time,
                  HistoryModel::Request,
                  HistoryModel::Backend,
                  HistoryModel::Revision,
                  HistoryModel::Result,
                  HistoryModel::Seconds})
        m_runs->resizeColumnToContents(c);
    QString summary
        = m_file.isEmpty()
              ? tr("no file")
              : tr("%n run(s) of %1", nullptr, int(runs.size())).arg(QFileInfo(m_file).fileName());
    if (m_history->skippedLines() > 0)
        summary += tr("; %n unreadable line(s) of the history file skipped",
                      nullptr,
                      m_history->skippedLines());
    if (!m_history->error().isEmpty())
        summary += QStringLiteral("; ") + m_history->error();
    m_summary->setText(summary);
    m_summary->setToolTip(tr("History file: %1").arg(m_history->path()));
    updateSeriesChooser();
}

void HistoryPane::updateSeriesChooser()
{
    const int current = m_chooser->currentIndex();
    const SeriesKey previous
        = current >= 0 && current < m_keys.size() ? m_keys[current] : SeriesKey{};
    m_keys = m_file.isEmpty() ? QList<SeriesKey>() : m_history->seriesKeys(m_file);
    // The previous choice when the runs still have it, else the point measured most often; of
    // those, the first line (the file's own kernel, usually) at its largest x.
    int choose = int(m_keys.indexOf(previous));
    if (choose < 0) {
        qsizetype most = 0;
        for (int i = 0; i < m_keys.size(); ++i) {
            const qsizetype n = m_history->series(m_file, m_keys[i]).size();
            const bool later = n == most && choose >= 0
                               && m_keys[i].benchmark == m_keys[choose].benchmark
                               && m_keys[i].line == m_keys[choose].line;
            if (n > most || later)
                most = n, choose = i;
        }
    }
    {
        const QSignalBlocker block(m_chooser);
        m_chooser->clear();
        for (const SeriesKey &k : std::as_const(m_keys))
            m_chooser->addItem(k.unit.isEmpty() ? k.label()
                                                : QStringLiteral("%1 (%2)").arg(k.label(), k.unit));
        m_chooser->setCurrentIndex(choose);
    }
    m_chooser->setEnabled(!m_keys.isEmpty());
    showChosenSeries();
}

bool HistoryPane::showSeries(const SeriesKey &key)
{
    const int i = int(m_keys.indexOf(key));
    if (i < 0)
        return false;
    m_chooser->setCurrentIndex(i);
    showChosenSeries();
    return true;
}

void HistoryPane::showChosenSeries()
{
    const int i = m_chooser->currentIndex();
    if (i < 0 || i >= m_keys.size()) {
        m_chart->clear(m_file.isEmpty() ? tr("Save the file and run it: its runs are recorded here")
                                        : tr("No benchmark points in this file's runs yet: Bench "
                                             "(Ctrl+Shift+F5) records them"));
        return;
    }
    m_chart->setSeries(m_keys[i].label(), m_history->series(m_file, m_keys[i]));
}

void HistoryPane::updateCompareButton()
{
    m_compare->setEnabled(m_runs->selectionModel()->selectedRows().size() == 2);
}

bool HistoryPane::compareSelected()
{
    QModelIndexList rows = m_runs->selectionModel()->selectedRows();
    if (rows.size() != 2) {
        m_comparisonTitle->setText(
            tr("Select exactly two runs in the table to compare them (Ctrl+click adds one)."));
        m_tabs->setCurrentIndex(1);
        return false;
    }
    // Newest first in the table: the lower row is the older run, A.
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &x, const QModelIndex &y) {
        return x.row() > y.row();
    });
    const RunRecord &a = m_model->record(rows[0].row());
    const RunRecord &b = m_model->record(rows[1].row());
    const RunComparison c = compareRuns(a, b);
    m_comparison->setComparison(c);
    QString title = tr("A: %1\nB: %2").arg(describe(a), describe(b));
    if (a.revision == b.revision)
        title += tr("\nSame source revision.");
    m_comparisonTitle->setText(title);
    m_differences->setPlainText(c.differencesText());
    m_tabs->setCurrentIndex(1);
    return true;
}

} // namespace tsm
