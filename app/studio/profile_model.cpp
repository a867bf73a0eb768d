#include "app/studio/profile_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QtNumeric>

#include <cmath>

namespace tsm {
namespace {

using run::KernelProfile;

const char *const kHeaders[] = {"Kernel",
                                "Grid",
                                "Launches",
                                "Median µs",
                                "Counter µs",
                                "DRAM MB",
                                "GB/s",
                                "TFLOP/s",
                                "Roof",
                                "% of roof",
                                "Registers",
                                "Occupancy %",
                                "Passes"};
static_assert(std::size(kHeaders) == ProfileModel::ColumnCount);

bool hasCounters(const KernelProfile &k)
{
    return !k.metrics.empty();
}

// Columns a delta is shown for, and which way is better: -1 lower, +1 higher, 0 neither.
int betterDirection(int column)
{
    switch (column) {
    case ProfileModel::MedianUs:
    case ProfileModel::CounterUs:
    case ProfileModel::DramMB:
        return -1;
    case ProfileModel::GBs:
    case ProfileModel::TFLOPs:
    case ProfileModel::RoofPercent:
    case ProfileModel::Occupancy:
        return +1;
    default:
        return 0;
    }
}

bool showsDelta(int column)
{
    return betterDirection(column) != 0 || column == ProfileModel::Registers;
}

// Four significant digits or so, never exponents: 540.2, 12.94, 0.412, 2148.
QString number(double v)
{
    const double a = std::abs(v);
    const int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3;
    return QString::number(v, 'f', decimals);
}

QString percentChange(double delta)
{
    return QString::asprintf("%+.1f%%", delta);
}

} // namespace

ProfileModel::ProfileModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ProfileModel::setReport(const run::ProfileReport &report)
{
    beginResetModel();
    m_report = report;
    m_hasReport = true;
    endResetModel();
}

void ProfileModel::clear()
{
    beginResetModel();
    m_report = {};
    m_hasReport = false;
    endResetModel();
}

bool ProfileModel::pinBaseline()
{
    if (!m_hasReport)
        return false;
    m_baseline = m_report;
    emit dataChanged(index(0, 0), index(std::max(0, rowCount() - 1), ColumnCount - 1));
    emit baselineChanged();
    return true;
}

void ProfileModel::clearBaseline()
{
    m_baseline.reset();
    emit dataChanged(index(0, 0), index(std::max(0, rowCount() - 1), ColumnCount - 1));
    emit baselineChanged();
}

const KernelProfile *ProfileModel::baselineKernel(int row) const
{
    if (!m_baseline || row < 0 || row >= rowCount())
        return nullptr;
    const KernelProfile &k = kernel(row);
    const KernelProfile *sameGrid = nullptr;
    for (const KernelProfile &b : m_baseline->kernels) {
        if (b.kernel != k.kernel || b.grid != k.grid)
            continue;
        if (b.signature == k.signature)
            return &b;
        if (!sameGrid)
            sameGrid = &b;
    }
    return sameGrid;
}

double ProfileModel::delta(int row, int column) const
{
    const KernelProfile *b = showsDelta(column) ? baselineKernel(row) : nullptr;
    if (!b)
        return qQNaN();
    const double now = value(kernel(row), column), then = value(*b, column);
    if (!std::isfinite(now) || !std::isfinite(then) || then == 0)
        return qQNaN();
    return (now - then) / then * 100.0;
}

double ProfileModel::value(const KernelProfile &k, int column)
{
    const double nan = qQNaN();
    switch (column) {
    case Launches:
        return double(k.launches);
    case MedianUs:
        return k.launches > 0 && k.medianNs > 0 ? k.medianNs / 1e3 : nan;
    case CounterUs:
        return hasCounters(k) && k.counterNs > 0 ? k.counterNs / 1e3 : nan;
    case DramMB:
        return hasCounters(k) ? k.dramBytes / 1e6 : nan;
    case GBs: // over the median time, or the replayed launch's when the launches were not timed
        return hasCounters(k) && (k.medianNs > 0 || k.counterNs > 0) ? k.achievedGBs : nan;
    case TFLOPs: // counted FLOPs, or launch_metadata's (what placed the kernel on the roofline)
        return hasCounters(k) && (k.flops || k.analyticFlops) && (k.medianNs > 0 || k.counterNs > 0)
                   ? k.achievedTFLOPs
                   : nan;
    case RoofPercent:
        return hasCounters(k) && !k.roof.empty() ? k.roofFraction * 100.0 : nan;
    case Registers:
        return k.registers > 0 ? double(k.registers) : nan;
    case Occupancy:
        return k.occupancy > 0 ? k.occupancy * 100.0 : nan;
    case Passes:
        return hasCounters(k) ? double(k.passes) : nan;
    default:
        return nan;
    }
}

QString ProfileModel::gridText(const std::array<std::int64_t, 3> &grid)
{
    QStringList parts{QString::number(grid[0])};
    if (grid[1] != 1 || grid[2] != 1)
        parts << QString::number(grid[1]);
    if (grid[2] != 1)
        parts << QString::number(grid[2]);
    return parts.join(QChar(0x00d7));
}

int ProfileModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_report.kernels.size());
}

int ProfileModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ProfileModel::displayText(int row, int column) const
{
    const KernelProfile &k = kernel(row);
    switch (column) {
    case Kernel:
        return QString::fromStdString(k.kernel.empty() ? k.function : k.kernel);
    case Grid:
        return gridText(k.grid);
    case Roof:
        return hasCounters(k) ? QString::fromStdString(k.roof) : QStringLiteral("—");
    case Launches:
    case Registers:
    case Passes: {
        const double v = value(k, column);
        return std::isfinite(v) ? QString::number(qint64(v)) : QStringLiteral("—");
    }
    default: {
        const double v = value(k, column);
        return std::isfinite(v) ? number(v) : QStringLiteral("—");
    }
    }
}

QString ProfileModel::toolTip(int row, int column) const
{
    const KernelProfile &k = kernel(row);
    QStringList lines;
    switch (column) {
    case Kernel:
        lines << QString::fromStdString(k.function);
        if (!k.signature.empty())
            lines << tr("specialization: %1").arg(QString::fromStdString(k.signature));
        if (!k.file.empty())
            lines << tr("defined at %1:%2").arg(QString::fromStdString(k.file)).arg(k.line);
        if (k.library)
            lines << tr("a Tilesmith library kernel (an eager torch op), not one of yours");
        if (k.threadsPerBlock > 0)
            lines << tr("%1 threads per block, %2 bytes of shared memory, %3 bytes spilled per "
                        "thread")
                         .arg(k.threadsPerBlock)
                         .arg(k.sharedBytes)
                         .arg(k.spills);
        break;
    case MedianUs:
        if (k.launches > 0 && k.medianNs <= 0)
            lines << tr("CUPTI's activity records did not time these launches: GB/s and TFLOP/s "
                        "use the replayed launch's counter time");
        else if (k.launches > 0)
            lines << tr("CUPTI activity over %1 launches: median %2 µs, min %3 µs, max %4 µs")
                         .arg(k.launches)
                         .arg(number(k.medianNs / 1e3),
                              number(k.minNs / 1e3),
                              number(k.maxNs / 1e3));
        break;
    case TFLOPs:
        if (hasCounters(k) && !k.tensorCores.empty() && k.analyticFlops)
            lines << tr("From the program's launch_metadata FLOPs: the counters do not count "
                        "tensor-core instructions");
        else if (hasCounters(k) && !k.flops && k.analyticFlops)
            lines << tr("From the program's launch_metadata FLOPs: this metric set counts none");
        else if (hasCounters(k) && !k.flops)
            lines << tr("No FLOP count in this metric set: the roofline places this kernel by "
                        "its bandwidth only");
        break;
    case RoofPercent:
        if (hasCounters(k) && k.clockRoofFraction > 0)
            lines << tr("%1% of the roof at the kernel's own SM clock (%2 MHz in the replayed "
                        "launch; the roof kernel's FLOPs per cycle times that clock, as Nsight "
                        "Compute draws roofs)")
                         .arg(k.clockRoofFraction * 100, 0, 'f', 1)
                         .arg(k.smClockMHz, 0, 'f', 0);
        break;
    case Passes:
        if (hasCounters(k))
            lines << (k.passes == 1
                          ? tr("The first launch was replayed once to collect the counters")
                          : tr("The first launch was replayed %1 times to collect the counters")
                                .arg(k.passes));
        break;
    default:
        break;
    }
    const bool counterColumn = column == CounterUs || column == DramMB || column == GBs
                               || column == TFLOPs || column == Roof || column == RoofPercent
                               || column == Passes;
    if (counterColumn && !hasCounters(k)) {
        const std::string &why = k.countersNote.empty() ? m_report.countersNote : k.countersNote;
        lines << (why.empty() ? tr("No hardware counters for this kernel")
                              : QString::fromStdString(why));
    }
    if (const KernelProfile *b = baselineKernel(row); b && showsDelta(column)) {
        const double then = value(*b, column);
        if (std::isfinite(then))
            lines << tr("baseline: %1").arg(number(then));
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant ProfileModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const int row = index.row(), column = index.column();
    const double d = delta(row, column);
    switch (role) {
    case Qt::DisplayRole:
        return std::isfinite(d) ? displayText(row, column) + QStringLiteral("  ") + percentChange(d)
                                : displayText(row, column);
    case ValueRole: {
        if (column == Kernel || column == Grid || column == Roof)
            return displayText(row, column);
        return value(kernel(row), column);
    }
    case DeltaRole:
        return d;
    case Qt::ToolTipRole: {
        const QString tip = toolTip(row, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::TextAlignmentRole:
        return column == Kernel || column == Roof ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole: {
        if (std::isfinite(d) && std::abs(d) >= kNoiseFloorPercent && betterDirection(column) != 0) {
            const bool better = (d > 0) == (betterDirection(column) > 0);
            return QBrush(better ? QColor(0x1a7f37) : QColor(0xcf222e));
        }
        if (kernel(row).library && column == Kernel)
            return QBrush(QColor(0x6e7781));
        return {};
    }
    default:
        return {};
    }
}

QVariant ProfileModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole)
        return tr(kHeaders[section]);
    if (role == Qt::ToolTipRole && section == CounterUs)
        return tr("gpu__time_duration.sum of the replayed first launch");
    if (role == Qt::ToolTipRole && section == Roof)
        return tr("The roof that binds the kernel at its arithmetic intensity");
    return {};
}

QString ProfileModel::csv() const
{
    QStringList out;
    out << QStringLiteral("kernel,function,grid,launches,median_us,counter_us,dram_mb,gbs,tflops,"
                          "roof,roof_percent,registers,occupancy_percent,passes");
    auto num = [](double v) { return std::isfinite(v) ? QString::number(v, 'g', 10) : QString(); };
    for (int r = 0; r < rowCount(); ++r) {
        const KernelProfile &k = kernel(r);
        QStringList cells{QString::fromStdString(k.kernel),
                          QString::fromStdString(k.function),
                          gridText(k.grid).replace(QChar(0x00d7), QLatin1Char('x'))};
        for (int c : {Launches, MedianUs, CounterUs, DramMB, GBs, TFLOPs})
            cells << num(value(k, c));
        cells << QString::fromStdString(k.roof);
        for (int c : {RoofPercent, Registers, Occupancy, Passes})
            cells << num(value(k, c));
        for (QString &cell : cells)
            if (cell.contains(QLatin1Char(',')) || cell.contains(QLatin1Char('"')))
                cell = QLatin1Char('"') + cell.replace(QLatin1Char('"'), QStringLiteral("\"\""))
                       + QLatin1Char('"');
        out << cells.join(QLatin1Char(','));
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace tsm
