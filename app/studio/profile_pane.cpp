#include "app/studio/profile_pane.h"

#include "app/studio/launch_timeline.h"
#include "app/studio/profile_model.h"
#include "app/studio/roofline_chart.h"
#include "app/studio/theme.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTime>
#include <QToolButton>
#include <QVBoxLayout>

namespace tsm {
namespace {

const char kMetricsKey[] = "profile/metrics";

} // namespace

ProfilePane::ProfilePane(ProfileModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_sorted(new QSortFilterProxyModel(this))
    , m_profile(new QToolButton)
    , m_metrics(new QComboBox)
    , m_pin(new QPushButton(tr("Pin as Baseline")))
    , m_summary(new QLabel)
    , m_message(new QLabel)
    , m_view(new QTableView)
    , m_timeline(new LaunchTimeline)
    , m_roofline(new RooflineChart)
    , m_png(new QPushButton(tr("PNG…")))
    , m_svg(new QPushButton(tr("SVG…")))
    , m_csv(new QPushButton(tr("CSV…")))
{
    m_profile->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_profile->hide(); // until the window hands over its action
    m_metrics->addItem(tr("fast (1 pass)"), QStringLiteral("fast"));
    m_metrics->addItem(tr("roofline (2 passes)"), QStringLiteral("roofline"));
    m_metrics->addItem(tr("sol (~9 passes)"), QStringLiteral("sol"));
    m_metrics->addItem(tr("stalls (PC sampling)"), QStringLiteral("stalls"));
    m_metrics->setItemData(0,
                           tr("Time, DRAM and L2 bytes, warps and instructions: one replay of each "
                              "kernel's first launch"),
                           Qt::ToolTipRole);
    m_metrics->setItemData(1,
                           tr("The fast set plus the floating-point instruction counts that place "
                              "kernels on the roofline: two replays"),
                           Qt::ToolTipRole);
    m_metrics->setItemData(2,
                           tr("Speed of Light: SM, DRAM and memory-system throughput as a share of "
                              "peak: about nine replays"),
                           Qt::ToolTipRole);
    m_metrics->setItemData(3,
                           tr("Where warps wait, per Python line: CUPTI samples stall reasons in "
                              "each kernel's first launch. CUPTI cannot read counters in the same "
                              "run, so this profile has timings and stalls only"),
                           Qt::ToolTipRole);
    m_metrics->setToolTip(
        tr("The hardware counters Profile collects. Each kernel's first launch is replayed "
           "with its inputs restored: fast 1 replay, roofline 2, sol ~9. 'stalls' samples warp "
           "stalls per line instead of reading counters."));
    setMetricSet(
        QSettings().value(QLatin1String(kMetricsKey), QStringLiteral("roofline")).toString());
    connect(m_metrics, &QComboBox::activated, this, [this] {
        QSettings().setValue(QLatin1String(kMetricsKey), metricSet());
    });
    m_pin->setCheckable(true);
    m_pin->setEnabled(false);
    m_pin->setToolTip(
        tr("Keep this report as the baseline: later profiles show each metric's change "
           "against it for the same kernel and grid"));
    m_summary->setStyleSheet(QStringLiteral("color: #6e7781"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setContentsMargins(6, 2, 6, 2);
    m_message->hide();
    m_png->setToolTip(tr("Save the roofline as a PNG image"));
    m_svg->setToolTip(tr("Save the roofline as an SVG drawing"));
    m_csv->setToolTip(tr("Save the kernels table as CSV"));

    m_sorted->setSourceModel(model);
    m_sorted->setSortRole(ProfileModel::ValueRole);
    m_view->setModel(m_sorted);
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the report's order
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setWordWrap(false);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(m_profile);
    bar->addWidget(new QLabel(tr("Metrics:")));
    bar->addWidget(m_metrics);
    bar->addWidget(m_pin);
    bar->addWidget(m_summary, 1);
    bar->addWidget(new QLabel(tr("Export:")));
    bar->addWidget(m_png);
    bar->addWidget(m_svg);
    bar->addWidget(m_csv);

    auto *timelineScroll = new QScrollArea;
    timelineScroll->setWidget(m_timeline);
    timelineScroll->setWidgetResizable(true);
    timelineScroll->setFrameShape(QFrame::NoFrame);
    m_left = new QSplitter(Qt::Vertical);
    m_left->addWidget(m_view);
    m_left->addWidget(timelineScroll);
    m_left->setStretchFactor(0, 3);
    m_left->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_left);
    split->addWidget(m_roofline);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);

    connect(m_pin, &QPushButton::clicked, this, &ProfilePane::setBaselinePinned);
    connect(m_model, &ProfileModel::baselineChanged, this, &ProfilePane::updateSummary);
    connect(m_view->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &current) {
                emit rowChosen(current.isValid() ? sourceRow(current.row()) : -1);
            });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        emit kernelActivated(sourceRow(index.row()));
    });
    connect(m_png, &QPushButton::clicked, this, [this] { exportShown(Format::Png); });
    connect(m_svg, &QPushButton::clicked, this, [this] { exportShown(Format::Svg); });
    connect(m_csv, &QPushButton::clicked, this, [this] { exportShown(Format::Csv); });
    for (QPushButton *b : {m_png, m_svg, m_csv})
        b->setEnabled(false);
    updateSummary();
}

void ProfilePane::setProfileAction(QAction *action)
{
    m_profile->setDefaultAction(action);
    m_profile->show();
}

void ProfilePane::setReport(const run::ProfileReport &report)
{
    m_model->setReport(report);
    m_timeline->setReport(report);
    m_roofline->setReport(report);
    m_text.clear();
    // The table as tall as its rows (up to eight), the timeline below it gets the rest.
    const int rows = std::min(int(report.kernels.size()), 8);
    const int table = m_view->horizontalHeader()->sizeHint().height()
                      + rows * m_view->verticalHeader()->defaultSectionSize()
                      + m_view->horizontalScrollBar()->sizeHint().height() + 2 * m_view->frameWidth();
    m_left->setSizes({table, std::max(m_left->height() - table, m_timeline->sizeHint().height())});
    m_pin->setEnabled(true);
    for (QPushButton *b : {m_png, m_svg, m_csv})
        b->setEnabled(true);
    updateMessage();
    updateSummary();
}

void ProfilePane::showMessage(const QString &text)
{
    m_text = text;
    updateMessage();
}

QString ProfilePane::message() const
{
    return m_message->text();
}

void ProfilePane::updateMessage()
{
    QStringList parts;
    if (!m_text.isEmpty())
        parts << m_text;
    if (m_model->hasReport()) {
        const run::ProfileReport &r = m_model->report();
        if (!r.countersAvailable)
            parts << (r.countersNote.empty()
                          ? tr("No hardware counters: timing only")
                          : tr("Timing only: %1").arg(QString::fromStdString(r.countersNote)));
        for (const std::string &note : r.notes)
            parts << QString::fromStdString(note);
    }
    m_message->setText(parts.join(QLatin1Char('\n')));
    m_message->setVisible(!parts.isEmpty());
}

void ProfilePane::updateSummary()
{
    QStringList parts;
    if (m_model->hasReport()) {
        const run::ProfileReport &r = m_model->report();
        std::int64_t launches = 0;
        for (const run::KernelProfile &k : r.kernels)
            launches += k.launches;
        parts << (r.kernels.size() == 1 ? tr("1 kernel row")
                                        : tr("%1 kernel rows").arg(r.kernels.size()))
              << (launches == 1 ? tr("1 launch") : tr("%1 launches").arg(launches));
        if (r.countersAvailable)
            parts << (r.passes == 1
                          ? tr("%1 metrics, 1 replay").arg(QString::fromStdString(r.metricSet))
                          : tr("%1 metrics, %2 replays")
                                .arg(QString::fromStdString(r.metricSet))
                                .arg(r.passes));
    }
    if (m_model->hasBaseline())
        parts << tr("deltas against the pinned baseline");
    m_summary->setText(parts.join(QStringLiteral(" · ")));
    m_pin->setChecked(m_model->hasBaseline());
    m_pin->setText(m_model->hasBaseline() ? tr("Unpin Baseline") : tr("Pin as Baseline"));
}

QString ProfilePane::summary() const
{
    return m_summary->text();
}

QString ProfilePane::metricSet() const
{
    return m_metrics->currentData().toString();
}

void ProfilePane::setMetricSet(const QString &set)
{
    const int i = m_metrics->findData(set);
    m_metrics->setCurrentIndex(i >= 0 ? i : 1);
}

void ProfilePane::setBaselinePinned(bool pinned)
{
    if (pinned)
        m_model->pinBaseline();
    else
        m_model->clearBaseline();
    updateSummary();
}

int ProfilePane::sourceRow(int viewRow) const
{
    return m_sorted->mapToSource(m_sorted->index(viewRow, 0)).row();
}

int ProfilePane::chosenRow() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? sourceRow(current.row()) : -1;
}

void ProfilePane::applyTheme()
{
    m_roofline->applyTheme();
    m_timeline->update();
}

QPushButton *ProfilePane::exportButton(Format format) const
{
    return format == Format::Png ? m_png : format == Format::Svg ? m_svg : m_csv;
}

void ProfilePane::exportShown(Format format)
{
    if (!m_model->hasReport())
        return;
    const QString name = format == Format::Png   ? QStringLiteral("roofline.png")
                         : format == Format::Svg ? QStringLiteral("roofline.svg")
                                                 : QStringLiteral("profile.csv");
    const QString filter = format == Format::Png   ? tr("PNG images (*.png)")
                           : format == Format::Svg ? tr("SVG drawings (*.svg)")
                                                   : tr("CSV files (*.csv)");
    const QString path
        = askExportPath(format == Format::Csv ? tr("Export Profile Table") : tr("Export Roofline"),
                        QDir::home().filePath(name),
                        filter);
    if (!path.isEmpty())
        exportTo(format, path);
}

bool ProfilePane::exportTo(Format format, const QString &path)
{
    if (!m_model->hasReport()) {
        showError(tr("Nothing to export"), tr("No profile is shown: run Profile first."));
        return false;
    }
    bool ok = false;
    QString why = tr("the file could not be written");
    if (format == Format::Csv) {
        QSaveFile file(path);
        ok = file.open(QIODevice::WriteOnly) && file.write(m_model->csv().toUtf8()) >= 0
             && file.commit();
        why = file.errorString();
    } else {
        ok = format == Format::Png ? m_roofline->savePng(path) : m_roofline->saveSvg(path);
    }
    if (!ok)
        showError(tr("Export failed"),
                  tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), why));
    return ok;
}

QString
ProfilePane::askExportPath(const QString &title, const QString &suggested, const QString &filter)
{
    return QFileDialog::getSaveFileName(this, title, suggested, filter);
}

void ProfilePane::showError(const QString &title, const QString &text)
{
    QMessageBox::critical(this, title, text);
}

} // namespace tsm
