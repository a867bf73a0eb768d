#include "app/studio/benchmark_model.h"

#include "app/studio/event_fields.h"

#include <QJsonValue>
#include <QLocale>

#include <cmath>

namespace tsm {
namespace {

QString exact(double v)
{
    return std::isnan(v) ? QStringLiteral("nan")
                         : QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString csvCell(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"'))
        && !s.contains(QLatin1Char('\n')))
        return s;
    QString quoted = s;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double v)
{
    return std::isnan(v) ? QString() : QString::number(v, 'g', QLocale::FloatingPointShortest);
}

} // namespace

double Benchmark::xNumber(const QString &x)
{
    bool ok = false;
    const double d = x.trimmed().toDouble(&ok);
    return ok && std::isfinite(d) ? d : qQNaN();
}

bool Benchmark::numericX() const
{
    for (const QString &x : xs)
        if (std::isnan(xNumber(x)))
            return false;
    return !xs.isEmpty();
}

bool Benchmark::isBandwidth() const
{
    return unit.trimmed().compare(QStringLiteral("GB/s"), Qt::CaseInsensitive) == 0;
}

bool Benchmark::measuredOnGpu() const
{
    for (const BenchmarkLine &l : lines)
        for (const BenchmarkSample &s : l.samples)
            if (s.measuredBy.startsWith(QStringLiteral("CUDA")))
                return true;
    return false;
}

BenchmarkModel::BenchmarkModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

int BenchmarkModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_benchmarks.size());
}

QVariant BenchmarkModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_benchmarks.size())
        return {};
    const Benchmark &b = m_benchmarks[index.row()];
    if (role == Qt::DisplayRole)
        return b.unit.isEmpty() ? b.name : QStringLiteral("%1 (%2)").arg(b.name, b.unit);
    if (role == Qt::ToolTipRole) {
        int n = 0;
        for (const BenchmarkLine &l : b.lines)
            n += int(l.samples.size());
        return tr("%1: %n point(s)", nullptr, n).arg(b.name);
    }
    return {};
}

void BenchmarkModel::clear()
{
    beginResetModel();
    m_benchmarks.clear();
    m_points = 0;
    endResetModel();
}

int BenchmarkModel::indexOf(const QString &name) const
{
    for (int i = 0; i < m_benchmarks.size(); ++i)
        if (m_benchmarks[i].name == name)
            return i;
    return -1;
}

bool BenchmarkModel::addEvent(const QJsonObject &e)
{
    if (e.value(QStringLiteral("event")).toString() != QStringLiteral("benchmark_point"))
        return false;
    const QString name = e.value(QStringLiteral("benchmark")).toString();
    int row = indexOf(name);
    if (row < 0) {
        Benchmark b;
        b.name = name;
        b.xName = e.value(QStringLiteral("x_name")).toString();
        b.xLabel = e.value(QStringLiteral("xlabel")).toString();
        b.unit = e.value(QStringLiteral("unit")).toString();
        b.xLog = e.value(QStringLiteral("x_log")).toBool();
        b.yLog = e.value(QStringLiteral("y_log")).toBool();
        row = int(m_benchmarks.size());
        beginInsertRows({}, row, row);
        m_benchmarks.append(b);
        endInsertRows();
    }
    Benchmark &b = m_benchmarks[row];
    BenchmarkSample s;
    s.x = e.value(QStringLiteral("x"))
              .toVariant()
              .toString(); // a string; a number from older runners
    s.value = eventNumber(e, "value");
    s.min = eventNumber(e, "min");
    s.max = eventNumber(e, "max");
    s.measuredBy = e.value(QStringLiteral("measured_by")).toString();
    if (!b.xs.contains(s.x))
        b.xs.append(s.x);
    const QString lineName = e.value(QStringLiteral("line")).toString();
    int line = 0;
    while (line < b.lines.size() && b.lines[line].name != lineName)
        ++line;
    if (line == b.lines.size())
        b.lines.append(BenchmarkLine{lineName, {}});
    b.lines[line].samples.append(s);
    ++m_points;
    const QModelIndex i = index(row);
    emit dataChanged(i, i, {Qt::ToolTipRole});
    emit pointAdded(row, line);
    return true;
}

QString BenchmarkModel::toolTip(int row, int line, int sample) const
{
    if (row < 0 || row >= m_benchmarks.size())
        return {};
    const Benchmark &b = m_benchmarks[row];
    if (line < 0 || line >= b.lines.size() || sample < 0 || sample >= b.lines[line].samples.size())
        return {};
    const BenchmarkSample &s = b.lines[line].samples[sample];
    QString text = QStringLiteral("%1 — %2\n%3 = %4\n%5 %6")
                       .arg(b.name, b.lines[line].name, b.xName, s.x, exact(s.value), b.unit);
    if (!std::isnan(s.min) || !std::isnan(s.max))
        text += tr("\nmin %1, max %2 %3").arg(exact(s.min), exact(s.max), b.unit);
    text += tr("\nmeasured by: %1").arg(s.measuredBy);
    return text;
}

QString BenchmarkModel::csv(int row) const
{
    QString out = QStringLiteral("benchmark,x,line,value,min,max,unit,measured_by\n");
    for (int r = 0; r < m_benchmarks.size(); ++r) {
        if (row >= 0 && r != row)
            continue;
        const Benchmark &b = m_benchmarks[r];
        // Row by row as the table prints: every line's value at one x, then the next x.
        for (const QString &x : b.xs)
            for (const BenchmarkLine &l : b.lines)
                for (const BenchmarkSample &s : l.samples)
                    if (s.x == x)
                        out += QStringList{csvCell(b.name),
                                           csvCell(s.x),
                                           csvCell(l.name),
                                           csvNumber(s.value),
                                           csvNumber(s.min),
                                           csvNumber(s.max),
                                           csvCell(b.unit),
                                           csvCell(s.measuredBy)}
                                   .join(QLatin1Char(','))
                               + QLatin1Char('\n');
    }
    return out;
}

} // namespace tsm
