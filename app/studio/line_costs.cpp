#include "app/studio/line_costs.h"

#include "app/studio/profile_model.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QMap>

#include <algorithm>

namespace tsm {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("LineCosts", text);
}

double totalNs(const run::KernelProfile &k)
{
    return double(k.launches) * k.medianNs;
}

} // namespace

bool isKernelFile(const QString &kernelFile, const QString &documentPath)
{
    if (kernelFile.isEmpty() || documentPath.isEmpty())
        return false;
    const QFileInfo kernel(kernelFile), document(documentPath);
    if (kernel.exists())
        return kernel.canonicalFilePath() == document.canonicalFilePath();
    return kernel.fileName() == document.fileName(); // profiled elsewhere (a remote runner)
}

QString lineCostText(const run::KernelProfile &k, const run::LineCost &c)
{
    QStringList lines{tr("%1% of %2's cost (grid %3)")
                          .arg(c.share * 100, 0, 'f', 1)
                          .arg(QString::fromStdString(k.kernel), ProfileModel::gridText(k.grid))};
    lines << (c.instructions == 1
                  ? tr("1 SASS instruction compiled from this line")
                  : tr("%1 SASS instructions compiled from this line").arg(c.instructions));
    if (c.executed > 0)
        lines << tr("%1 warp instructions executed").arg(QString::number(c.executed, 'f', 0));
    if (c.stallSamples > 0)
        lines << (c.topStall.empty()
                      ? tr("%1 stall samples").arg(QString::number(c.stallSamples, 'f', 0))
                      : tr("%1 stall samples, most of them %2")
                            .arg(QString::number(c.stallSamples, 'f', 0),
                                 QString::fromStdString(c.topStall)));
    if (!k.linesMeasuredBy.empty())
        lines << tr("measured by: %1").arg(QString::fromStdString(k.linesMeasuredBy));
    return lines.join(QLatin1Char('\n'));
}

QVector<LineCostMark>
lineCostMarks(const run::ProfileReport &report, const QString &documentPath, int chosenRow)
{
    // Per kernel of this file, the row to show.
    QMap<std::string, int> rowOf;
    for (int r = 0; r < int(report.kernels.size()); ++r) {
        const run::KernelProfile &k = report.kernels[std::size_t(r)];
        if (k.lines.empty() || !isKernelFile(QString::fromStdString(k.file), documentPath))
            continue;
        auto it = rowOf.find(k.kernel);
        if (it == rowOf.end())
            rowOf.insert(k.kernel, r);
        else if (*it != chosenRow
                 && (r == chosenRow || totalNs(k) > totalNs(report.kernels[std::size_t(*it)])))
            *it = r;
    }
    QVector<LineCostMark> marks;
    for (int r : std::as_const(rowOf)) {
        const run::KernelProfile &k = report.kernels[std::size_t(r)];
        double hottest = 0; // among the Python lines (line 0 holds the prologue and padding)
        for (const run::LineCost &c : k.lines)
            if (c.line > 0)
                hottest = std::max(hottest, c.share);
        for (const run::LineCost &c : k.lines)
            if (c.line > 0)
                marks.push_back(
                    {c.line - 1, c.share, hottest > 0 ? c.share / hottest : 0, lineCostText(k, c)});
    }
    return marks;
}

} // namespace tsm
