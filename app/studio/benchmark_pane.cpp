#include "app/studio/benchmark_pane.h"

#include "app/studio/benchmark_chart.h"
#include "app/studio/benchmark_model.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QVBoxLayout>

namespace tsm {

BenchmarkPane::BenchmarkPane(BenchmarkModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_chooser(new QComboBox)
    , m_measuredBy(new QLabel)
    , m_chart(new BenchmarkChart(model))
    , m_png(new QPushButton(tr("PNG…")))
    , m_svg(new QPushButton(tr("SVG…")))
    , m_csv(new QPushButton(tr("CSV…")))
{
    m_chooser->setModel(model);
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chooser->setToolTip(tr("The run's perf_report benchmarks (plot_name)"));
    m_measuredBy->setStyleSheet(QStringLiteral("color: #6e7781"));
    m_png->setToolTip(tr("Save the shown chart as a PNG image"));
    m_svg->setToolTip(tr("Save the shown chart as an SVG drawing"));
    m_csv->setToolTip(tr("Save the shown benchmark's points as CSV (benchmark, x, line, value, "
                         "min, max, unit, measured_by)"));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(new QLabel(tr("Benchmark:")));
    bar->addWidget(m_chooser);
    bar->addWidget(m_measuredBy, 1);
    bar->addWidget(new QLabel(tr("Export:")));
    bar->addWidget(m_png);
    bar->addWidget(m_svg);
    bar->addWidget(m_csv);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, [this](int row) {
        m_chart->showBenchmark(row);
        updateControls();
    });
    // A new benchmark is shown as soon as its first point arrives.
    connect(model,
            &QAbstractItemModel::rowsInserted,
            this,
            [this](const QModelIndex &, int, int last) { m_chooser->setCurrentIndex(last); });
    connect(model, &BenchmarkModel::pointAdded, this, &BenchmarkPane::updateControls);
    connect(model, &QAbstractItemModel::modelReset, this, &BenchmarkPane::updateControls);
    connect(m_png, &QPushButton::clicked, this, [this] { exportShown(Format::Png); });
    connect(m_svg, &QPushButton::clicked, this, [this] { exportShown(Format::Svg); });
    connect(m_csv, &QPushButton::clicked, this, [this] { exportShown(Format::Csv); });
    updateControls();
}

void BenchmarkPane::setCopyBandwidth(double gbs, const QString &deviceName)
{
    m_chart->setCopyBandwidth(gbs, deviceName);
}

QPushButton *BenchmarkPane::exportButton(Format format) const
{
    return format == Format::Png ? m_png : format == Format::Svg ? m_svg : m_csv;
}

void BenchmarkPane::updateControls()
{
    const int row = m_chart->shownBenchmark();
    for (QPushButton *b : {m_png, m_svg, m_csv})
        b->setEnabled(row >= 0);
    QStringList how;
    if (row >= 0)
        for (const BenchmarkLine &l : m_model->benchmark(row).lines)
            for (const BenchmarkSample &s : l.samples)
                if (!how.contains(s.measuredBy))
                    how << s.measuredBy;
    m_measuredBy->setText(
        how.isEmpty() ? QString() : tr("measured by: %1").arg(how.join(QStringLiteral("; "))));
}

void BenchmarkPane::exportShown(Format format)
{
    const int row = m_chart->shownBenchmark();
    if (row < 0)
        return;
    QString base = m_model->benchmark(row).name;
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
    const QString ext = format == Format::Png   ? QStringLiteral("png")
                        : format == Format::Svg ? QStringLiteral("svg")
                                                : QStringLiteral("csv");
    const QString filter = format == Format::Png   ? tr("PNG images (*.png)")
                           : format == Format::Svg ? tr("SVG drawings (*.svg)")
                                                   : tr("CSV files (*.csv)");
    const QString path = askExportPath(
        tr("Export Benchmark Chart"), QDir::home().filePath(base + QLatin1Char('.') + ext), filter);
    if (!path.isEmpty())
        exportChart(format, path);
}

bool BenchmarkPane::exportChart(Format format, const QString &path)
{
    const int row = m_chart->shownBenchmark();
    if (row < 0) {
        showError(tr("Nothing to export"), tr("No benchmark is shown: run Bench first."));
        return false;
    }
    bool ok = false;
    QString why;
    if (format == Format::Csv) {
        QSaveFile file(path);
        ok = file.open(QIODevice::WriteOnly) && file.write(m_model->csv(row).toUtf8()) >= 0
             && file.commit();
        why = file.errorString();
    } else {
        ok = format == Format::Png ? m_chart->savePng(path) : m_chart->saveSvg(path);
        why = tr("the file could not be written");
    }
    if (!ok)
        showError(tr("Export failed"),
                  tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), why));
    return ok;
}

QString
BenchmarkPane::askExportPath(const QString &title, const QString &suggested, const QString &filter)
{
    return QFileDialog::getSaveFileName(this, title, suggested, filter);
}

void BenchmarkPane::showError(const QString &title, const QString &text)
{
    QMessageBox::critical(this, title, text);
}

} // namespace tsm
