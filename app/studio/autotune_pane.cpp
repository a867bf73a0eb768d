#include "app/studio/autotune_pane.h"

#include "app/studio/autotune_chart.h"
#include "app/studio/autotune_model.h"
#include "app/studio/autotune_pin.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tsm {
namespace {

// The parts of a Python tuple's repr at its top level: "(1024, 'a, b')" -> 1024, 'a, b'.
QStringList tupleParts(const QString &tuple)
{
    QString inner = tuple.trimmed();
    if (inner.startsWith(QLatin1Char('(')) && inner.endsWith(QLatin1Char(')')))
        inner = inner.mid(1, inner.size() - 2);
    QStringList parts;
    QString part;
    QChar quote;
    int depth = 0;
    for (const QChar c : std::as_const(inner)) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
        } else if (c == QLatin1Char('(') || c == QLatin1Char('[')) {
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']')) {
            --depth;
        } else if (c == QLatin1Char(',') && depth == 0) {
            parts << part.trimmed();
            part.clear();
            continue;
        }
        part += c;
    }
    if (!part.trimmed().isEmpty())
        parts << part.trimmed();
    return parts;
}

QString unquoted(QString s)
{
    if (s.size() >= 2 && (s.front() == QLatin1Char('\'') || s.front() == QLatin1Char('"'))
        && s.back() == s.front())
        s = s.mid(1, s.size() - 2);
    return s;
}

// "n_elements=67108864": the key's values beside autotune(key=[...])'s names; what follows
// them (the tensors' dtypes Triton adds) as it is.
QString keyText(const run::AutotuneReport &r)
{
    const QStringList values = tupleParts(QString::fromStdString(r.key));
    QStringList out;
    for (int i = 0; i < values.size(); ++i)
        out << (i < int(r.keyNames.size()) ? QString::fromStdString(r.keyNames[std::size_t(i)])
                                                 + QLatin1Char('=') + values[i]
                                           : unquoted(values[i]));
    return out.join(QStringLiteral(", "));
}

QString seconds(double s)
{
    return QString::number(s, 'f', s >= 10 ? 1 : 2);
}

} // namespace

AutotunePane::AutotunePane(AutotuneModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_chooser(new QComboBox)
    , m_header(new QLabel)
    , m_pin(new QPushButton(tr("Pin Config")))
    , m_message(new QLabel)
    , m_sorted(new QSortFilterProxyModel(this))
    , m_view(new QTableView)
    , m_chart(new AutotuneChart)
{
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chooser->setToolTip(tr("The run's tunings: one per kernel and key value, the newest last"));
    m_chooser->hide(); // until there are two tunings to choose from
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setContentsMargins(6, 0, 6, 2);
    m_message->hide();

    m_sorted->setSourceModel(model);
    m_sorted->setSortRole(AutotuneModel::SortRole);
    m_view->setModel(m_sorted);
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the decorator's order
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(m_chooser);
    bar->addWidget(m_header, 1);
    bar->addWidget(m_pin);
    m_split = new QSplitter(Qt::Horizontal);
    m_split->addWidget(m_view);
    m_split->addWidget(m_chart);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_split, 1);

    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_userSplit = true; });
    connect(m_chooser, &QComboBox::currentIndexChanged, this, &AutotunePane::showCurrent);
    connect(m_view->selectionModel(),
            &QItemSelectionModel::selectionChanged,
            this,
            &AutotunePane::updatePinButton);
    connect(m_pin, &QPushButton::clicked, this, [this] {
        if (pinnableConfig() >= 0)
            emit pinRequested(currentReport(), pinnableConfig());
    });
    clear();
}

QString AutotunePane::reportTitle(const run::AutotuneReport &report)
{
    return QString::fromStdString(report.kernel) + QStringLiteral(" — ") + keyText(report);
}

QString AutotunePane::tuningText(const run::AutotuneReport &r)
{
    if (r.source == "disk")
        return tr("from the disk cache: no tuning");
    QString text = tr("tuned in %1 s").arg(seconds(r.tuningSeconds));
    const bool built
        = std::any_of(r.configs.begin(), r.configs.end(), [](const run::AutotuneConfig &c) {
              return c.compileSeconds > 0;
          });
    if (!built && !r.configs.empty()) // the kernels came from the compile cache
        text += tr(" (every build from the compile cache)");
    else if (r.compileSeconds > 0)
        text += r.compileThreads > 1 ? tr(" (compile %1 s on %2 threads)")
                                           .arg(seconds(r.compileSeconds))
                                           .arg(r.compileThreads)
                                     : tr(" (compile %1 s)").arg(seconds(r.compileSeconds));
    return text;
}

void AutotunePane::addReport(const run::AutotuneReport &report)
{
    m_reports.push_back(report);
    m_chooser->addItem(reportTitle(report));
    m_chooser->setVisible(m_reports.size() > 1);
    m_chooser->setCurrentIndex(m_chooser->count() - 1); // showCurrent, through the signal
    if (m_chooser->count() == 1)
        showCurrent();
}

void AutotunePane::clear()
{
    m_reports.clear();
    const QSignalBlocker block(m_chooser);
    m_chooser->clear();
    m_chooser->hide();
    m_model->clear();
    m_chart->setReport({});
    m_header->setText(tr("No tuning yet: kernels under @triton.autotune show their configs here "
                         "when a run tunes them."));
    showMessage({});
    updatePinButton();
}

int AutotunePane::currentReport() const
{
    return m_reports.empty() ? -1 : m_chooser->currentIndex();
}

void AutotunePane::setCurrentReport(int index)
{
    m_chooser->setCurrentIndex(index);
}

void AutotunePane::showCurrent()
{
    const int i = currentReport();
    if (i < 0)
        return;
    const run::AutotuneReport &r = m_reports[std::size_t(i)];
    m_model->setReport(r);
    m_chart->setReport(r);
    fitColumns();
    int ran = 0;
    for (const run::AutotuneConfig &c : r.configs)
        ran += c.status == run::AutotuneConfig::Status::Ran;
    QStringList parts;
    if (m_reports.size() == 1) // else the chooser says it
        parts << reportTitle(r);
    parts << tuningText(r);
    if (r.source != "disk")
        parts << tr("%1 of %2 configs ran").arg(ran).arg(r.configs.size());
    if (!m_model->sharedText().isEmpty())
        parts << tr("all with %1").arg(m_model->sharedText());
    if (!r.measuredBy.empty()) // it names the backend's clock
        parts << QString::fromStdString(r.measuredBy);
    else if (!r.backend.empty())
        parts << QString::fromStdString(r.backend);
    m_header->setText(parts.join(QStringLiteral(" · ")));
    m_header->setToolTip(
        r.cacheFile.empty()
            ? QString()
            : tr("The choice is stored in %1").arg(QString::fromStdString(r.cacheFile)));
    showMessage({});
    updatePinButton();
}

// The columns as wide as their contents, but the long ones capped (their tooltips say it all),
// and the table as wide as its columns when the chart keeps enough room.
void AutotunePane::fitColumns()
{
    QHeaderView *header = m_view->horizontalHeader();
    m_view->resizeColumnsToContents();
    const int capped[][2] = {{AutotuneModel::Config, 260}, {AutotuneModel::Status, 160}};
    for (const auto &[column, most] : capped)
        header->resizeSection(column, std::min(header->sectionSize(column), most));
    const int total = m_split->width();
    if (total <= 0)
        return;
    const int table = header->length() + 2 * m_view->frameWidth() + 8;
    const int chartNeeds = std::max(360, total * 7 / 25);
    m_split->setSizes({std::min(table, total - chartNeeds), std::max(chartNeeds, total - table)});
}

int AutotunePane::selectedConfig() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : m_sorted->mapToSource(rows.first()).row();
}

void AutotunePane::selectConfig(int config)
{
    if (config < 0) {
        m_view->clearSelection();
        return;
    }
    m_view->selectRow(m_sorted->mapFromSource(m_model->index(config, 0)).row());
}

int AutotunePane::pinnableConfig() const
{
    const int i = currentReport();
    if (i < 0)
        return -1;
    const run::AutotuneReport &r = m_reports[std::size_t(i)];
    if (!r.decorator || !r.launch)
        return -1;
    const int selected = selectedConfig();
    if (selected >= 0)
        return r.configs[std::size_t(selected)].status == run::AutotuneConfig::Status::Ran
                   ? selected
                   : -1;
    return r.best;
}

void AutotunePane::updatePinButton()
{
    const int config = pinnableConfig();
    m_pin->setEnabled(config >= 0);
    const int i = currentReport();
    if (i < 0) {
        m_pin->setToolTip(
            tr("Write a tuned config into the source: after a run that tunes a kernel"));
        return;
    }
    const run::AutotuneReport &r = m_reports[std::size_t(i)];
    if (!r.decorator || !r.launch) {
        m_pin->setToolTip(tr("The report does not say where the decorator and the launch are"));
        return;
    }
    if (config < 0) {
        m_pin->setToolTip(selectedConfig() >= 0
                              ? tr("The selected config did not run: select one that did")
                              : tr("No config ran: there is nothing to pin"));
        return;
    }
    QStringList args;
    for (const auto &[name, value] : launchArguments(r.configs[std::size_t(config)]))
        args << name + QLatin1Char('=') + value;
    m_pin->setToolTip(
        tr("Comment out @triton.autotune (line %1) and launch %2 with %3 at line %4 (%5). Undo "
           "takes it back.")
            .arg(r.decorator->line)
            .arg(QString::fromStdString(r.kernel), args.join(QStringLiteral(", ")))
            .arg(r.launch->line)
            .arg(config == r.best ? tr("the fastest config") : tr("the selected config")));
}

void AutotunePane::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString AutotunePane::message() const
{
    return m_message->text();
}

QString AutotunePane::header() const
{
    return m_header->text();
}

void AutotunePane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_model->hasReport() && !m_userSplit)
        fitColumns();
}

void AutotunePane::applyTheme()
{
    m_model->refreshTheme();
    m_chart->applyTheme();
}

} // namespace tsm
