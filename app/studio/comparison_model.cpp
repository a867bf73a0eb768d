#include "app/studio/comparison_model.h"

#include <QBrush>
#include <QColor>

#include <cmath>

namespace tsm {
namespace {

QString valueText(double v, const QString &unit)
{
    return std::isfinite(v) ? QStringLiteral("%1 %2").arg(QString::number(v, 'g', 5), unit)
                            : QStringLiteral("-");
}

} // namespace

ComparisonModel::ComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.points.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void ComparisonModel::setComparison(RunComparison comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_comparison.points.size())
        return {};
    const PointComparison &p = m_comparison.points[index.row()];
    const PointComparison::Change change = p.change(kTolerance);
    if (index.column() == Ratio && (role == Qt::ForegroundRole || role == Qt::BackgroundRole)) {
        if (change != PointComparison::Change::Faster && change != PointComparison::Change::Slower)
            return {};
        const bool faster = change == PointComparison::Change::Faster;
        if (role == Qt::ForegroundRole)
            return QBrush(faster ? QColor(0x1a, 0x7f, 0x37) : QColor(0xcf, 0x22, 0x2e));
        return QBrush(faster ? QColor(0xda, 0xfb, 0xe1) : QColor(0xff, 0xeb, 0xe9));
    }
    if (role == Qt::TextAlignmentRole && index.column() >= A)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Ratio) {
        const QString better = p.lowerIsBetter() ? tr("lower is better") : tr("higher is better");
        switch (change) {
        case PointComparison::Change::Faster:
            return tr("B is faster than A by more than 2% (%1)").arg(better);
        case PointComparison::Change::Slower:
            return tr("B is slower than A by more than 2% (%1)").arg(better);
        case PointComparison::Change::Same:
            return tr("within 2%");
        case PointComparison::Change::Missing:
            return tr("one of the runs has no value here");
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Benchmark:
        return p.benchmark;
    case Line:
        return p.line;
    case X:
        return p.x;
    case A:
        return valueText(p.a, p.unit);
    case B:
        return valueText(p.b, p.unit);
    case Ratio:
        return std::isfinite(p.ratio()) ? QStringLiteral("%1×").arg(p.ratio(), 0, 'f', 3)
                                        : QStringLiteral("-");
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Benchmark:
        return tr("Benchmark");
    case Line:
        return tr("Line");
    case X:
        return tr("x");
    case A:
        return tr("A");
    case B:
        return tr("B");
    case Ratio:
        return tr("B/A");
    default:
        return {};
    }
}

} // namespace tsm
