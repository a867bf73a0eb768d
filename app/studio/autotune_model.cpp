#include "app/studio/autotune_model.h"

#include "app/studio/autotune_pin.h"
#include "app/studio/theme.h"

#include <QBrush>
#include <QFont>
#include <QRegularExpression>
#include <QtNumeric>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tsm {
namespace {

using run::AutotuneConfig;
using ConfigStatus = AutotuneConfig::Status;

const char *const kHeaders[] = {"Config",
                                "Status",
                                "Median ms",
                                "p20–p80",
                                "vs best",
                                "Regs",
                                "Spills",
                                "Shared",
                                "Occ %",
                                "Compile s"};
static_assert(std::size(kHeaders) == AutotuneModel::ColumnCount);

const char *const kHeaderTips[] = {
    "The triton.Config as Triton prints it",
    "What became of the config; the winner is the fastest that ran",
    "do_bench's median time of one launch",
    "do_bench's 20th and 80th percentiles in ms: how much the times spread",
    "The config's median over the winner's",
    "Registers per thread (the build's ptxas report)",
    "Local memory per thread the build spilled registers to",
    "Shared memory per block",
    "Resident warps per SM as a share of the SM's maximum",
    "Seconds this config's build took (all configs build at once)",
};
static_assert(std::size(kHeaderTips) == AutotuneModel::ColumnCount);

// Three significant digits, never an exponent: 0.312, 1.23, 12.3, 123.
QString ms(double v)
{
    if (v == 0)
        return QStringLiteral("0");
    const int decimals = std::max(0, 2 - int(std::floor(std::log10(std::abs(v)))));
    return QString::number(v, 'f', decimals);
}

QString exact(double v)
{
    return QString::number(v, 'g', 6);
}

const QString kNone = QStringLiteral("—");

// The winner's row behind its bold text: a green that reads as "chosen" on either paper.
QColor winnerBackground()
{
    return Theme::current().dark ? QColor(0x1f3d2b) : QColor(0xdafbe1);
}

} // namespace

AutotuneModel::AutotuneModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AutotuneModel::setReport(const run::AutotuneReport &report)
{
    beginResetModel();
    m_report = report;
    m_hasReport = true;
    m_shared.clear();
    if (report.configs.size() > 1)
        for (const auto &[name, value] : report.configs.front().kwargs) {
            const auto same = [&name, &value](const AutotuneConfig &c) {
                return std::find(c.kwargs.begin(), c.kwargs.end(), std::pair{name, value})
                       != c.kwargs.end();
            };
            if (std::all_of(report.configs.begin(), report.configs.end(), same))
                m_shared.push_back(name);
        }
    endResetModel();
}

QString AutotuneModel::configText(int row) const
{
    const AutotuneConfig &c = config(row);
    QStringList parts;
    for (const auto &[name, value] : c.kwargs)
        if (std::find(m_shared.begin(), m_shared.end(), name) == m_shared.end())
            parts << QString::fromStdString(name + ": " + value);
    if (parts.isEmpty())
        return QString::fromStdString(c.label);
    return parts.join(QStringLiteral(", "));
}

QString AutotuneModel::sharedText() const
{
    QStringList parts;
    if (!m_report.configs.empty())
        for (const auto &[name, value] : m_report.configs.front().kwargs)
            if (std::find(m_shared.begin(), m_shared.end(), name) != m_shared.end())
                parts << QString::fromStdString(name + ": " + value);
    return parts.join(QStringLiteral(", "));
}

void AutotuneModel::clear()
{
    beginResetModel();
    m_report = {};
    m_hasReport = false;
    m_shared.clear();
    endResetModel();
}

void AutotuneModel::refreshTheme()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

double AutotuneModel::vsBest(int row) const
{
    const int best = bestRow();
    if (best < 0 || row < 0 || row >= rowCount())
        return qQNaN();
    const std::optional<double> &mine = config(row).medianMs, &theirs = config(best).medianMs;
    if (!mine || !theirs || *theirs <= 0)
        return qQNaN();
    return *mine / *theirs;
}

QString AutotuneModel::statusName(ConfigStatus status)
{
    switch (status) {
    case ConfigStatus::Ran:
        return tr("ran");
    case ConfigStatus::Pruned:
        return tr("pruned");
    case ConfigStatus::CompileError:
        return tr("compile error");
    case ConfigStatus::OutOfResources:
        return tr("out of resources");
    case ConfigStatus::WrongResult:
        return tr("wrong result");
    case ConfigStatus::Failed:
        return tr("failed");
    }
    return tr("failed");
}

QString AutotuneModel::statusText(const AutotuneConfig &c, bool best)
{
    if (c.status == ConfigStatus::Ran)
        return best ? tr("fastest") : tr("ran");
    const QString name = statusName(c.status);
    const QString reason = QString::fromStdString(c.reason).simplified();
    if (c.status == ConfigStatus::OutOfResources) {
        // The compiler's "needs 256 KiB of shared memory; this GPU allows 227 KiB per block",
        // or "needs 262144 bytes of shared memory per block; ... allows 232448".
        static const QRegularExpression shared(QStringLiteral(
            "needs (\\d+)( KiB| bytes)? of shared memory.*allows (\\d+)( KiB| bytes)?"));
        const QRegularExpressionMatch m = shared.match(reason);
        auto bytes = [&m](int number, int unit) {
            const int n = m.captured(number).toInt();
            return bytesText(m.captured(unit) == QStringLiteral(" KiB") ? n * 1024 : n);
        };
        if (m.hasMatch())
            return tr("out of resources: %1 shared > %2").arg(bytes(1, 2), bytes(3, 4));
    }
    if (reason.isEmpty())
        return name;
    // "pruned by early_config_prune" says its status itself.
    if (reason.startsWith(name, Qt::CaseInsensitive))
        return reason;
    return name + QStringLiteral(": ") + reason;
}

QString AutotuneModel::bytesText(int bytes)
{
    if (bytes < 1024)
        return tr("%1 B").arg(bytes);
    const double kib = bytes / 1024.0;
    return tr("%1 KiB").arg(kib, 0, 'f', std::fmod(kib, 1.0) == 0 || kib >= 100 ? 0 : 1);
}

int AutotuneModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_report.configs.size());
}

int AutotuneModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString AutotuneModel::displayText(int row, int column) const
{
    const AutotuneConfig &c = config(row);
    switch (column) {
    case Config:
        return configText(row);
    case Status:
        if (row == bestRow() && m_report.source == "disk")
            return tr("chosen (disk cache)");
        return statusText(c, row == bestRow());
    case MedianMs:
        return c.medianMs ? ms(*c.medianMs) : kNone;
    case Spread:
        return c.p20Ms && c.p80Ms ? ms(*c.p20Ms) + QStringLiteral("–") + ms(*c.p80Ms) : kNone;
    case VsBest: {
        const double v = vsBest(row);
        return std::isfinite(v) ? QStringLiteral("%1×").arg(v, 0, 'f', 2) : kNone;
    }
    case Registers:
        return c.registers ? QString::number(*c.registers) : kNone;
    case Spills:
        return c.spillBytes ? bytesText(*c.spillBytes) : kNone;
    case Shared:
        return c.sharedBytes ? bytesText(*c.sharedBytes) : kNone;
    case Occupancy:
        return c.occupancy ? QString::number(*c.occupancy * 100, 'f', 0) : kNone;
    case CompileSeconds:
        return c.compileSeconds > 0 ? QString::number(c.compileSeconds, 'f', 2) : kNone;
    default:
        return {};
    }
}

QString AutotuneModel::toolTip(int row, int column) const
{
    const AutotuneConfig &c = config(row);
    switch (column) {
    case Config: {
        QStringList args;
        for (const auto &[name, value] : launchArguments(c))
            args << name + QLatin1Char('=') + value;
        return tr("%1\nPinned, the launch gets: %2")
            .arg(QString::fromStdString(c.label), args.join(QStringLiteral(", ")));
    }
    case Status:
        if (c.status != ConfigStatus::Ran)
            return statusName(c.status)
                   + (c.reason.empty() ? QString()
                                       : QStringLiteral(":\n") + QString::fromStdString(c.reason));
        if (row == bestRow())
            return m_report.source == "disk"
                       ? tr("The choice stored in the autotune disk cache for this key: no config "
                            "was timed in this run")
                       : tr("The fastest config that ran: the one launched for this key");
        return {};
    case MedianMs:
    case Spread:
        if (!c.medianMs)
            return m_report.source == "disk" ? tr("Not timed: the choice came from the disk cache")
                                             : QString();
        return tr("median %1 ms, p20 %2 ms, p80 %3 ms\n%4")
            .arg(exact(*c.medianMs),
                 c.p20Ms ? exact(*c.p20Ms) : kNone,
                 c.p80Ms ? exact(*c.p80Ms) : kNone,
                 QString::fromStdString(m_report.measuredBy));
    case Spills:
        return c.spillBytes && *c.spillBytes > 0
                   ? tr("%1 bytes per thread spilled to local memory: the config asks for more "
                        "registers than it gets")
                         .arg(*c.spillBytes)
                   : QString();
    case Shared:
        return c.sharedBytes ? tr("%1 bytes per block").arg(*c.sharedBytes) : QString();
    case CompileSeconds:
        return c.compileSeconds > 0
                   ? QString()
                   : tr("Not built in this run (pruned, or taken from the compile cache)");
    default:
        return {};
    }
}

double AutotuneModel::sortValue(int row, int column) const
{
    const AutotuneConfig &c = config(row);
    const double unknown = std::numeric_limits<double>::infinity();
    auto opt = [unknown](const auto &v) { return v ? double(*v) : unknown; };
    switch (column) {
    case MedianMs:
        return opt(c.medianMs);
    case Spread:
        return c.p20Ms && c.p80Ms ? *c.p80Ms - *c.p20Ms : unknown;
    case VsBest: {
        const double v = vsBest(row);
        return std::isfinite(v) ? v : unknown;
    }
    case Registers:
        return opt(c.registers);
    case Spills:
        return opt(c.spillBytes);
    case Shared:
        return opt(c.sharedBytes);
    case Occupancy:
        return opt(c.occupancy);
    case CompileSeconds:
        return c.compileSeconds > 0 ? c.compileSeconds : unknown;
    default:
        return unknown;
    }
}

QVariant AutotuneModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const int row = index.row(), column = index.column();
    const bool best = row == bestRow();
    const bool greyed = config(row).status != ConfigStatus::Ran;
    switch (role) {
    case Qt::DisplayRole:
        return displayText(row, column);
    case SortRole:
        if (column == Config || column == Status)
            return displayText(row, column);
        return sortValue(row, column);
    case GreyedRole:
        return greyed;
    case Qt::ToolTipRole: {
        const QString tip = toolTip(row, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::TextAlignmentRole:
        return column == Config || column == Status ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                    : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (best) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (greyed)
            return QBrush(Theme::current().dimText);
        return {};
    case Qt::BackgroundRole:
        if (best)
            return QBrush(winnerBackground());
        return {};
    default:
        return {};
    }
}

QVariant AutotuneModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole)
        return tr(kHeaders[section]);
    if (role == Qt::ToolTipRole && section == Config && !m_shared.empty())
        return tr("What sets each config apart; every config has %1").arg(sharedText());
    if (role == Qt::ToolTipRole)
        return tr(kHeaderTips[section]);
    return {};
}

} // namespace tsm
