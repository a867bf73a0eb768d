#pragma once
// The Benchmarks dock: a chooser of the last run's perf_report benchmarks (the newest shown as
// it arrives), its chart, and export of the shown chart as PNG, SVG or CSV. The file dialog and
// error box go through virtual functions so tests can answer them.

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace tsm {

class BenchmarkChart;
class BenchmarkModel;

class BenchmarkPane : public QWidget
{
    Q_OBJECT

public:
    enum class Format { Png, Svg, Csv };

    explicit BenchmarkPane(BenchmarkModel *model, QWidget *parent = nullptr);

    /// The device's copy bandwidth, drawn on GB/s charts measured on a GPU (0: none).
    void setCopyBandwidth(double gbs, const QString &deviceName);
    /// Writes the shown chart to `path`; false (and says why) when it cannot.
    bool exportChart(Format format, const QString &path);
    /// Asks for a file and exports the shown chart there (the buttons).
    void exportShown(Format format);

    BenchmarkChart *chart() const { return m_chart; }
    QComboBox *chooser() const { return m_chooser; }
    QPushButton *exportButton(Format format) const;

protected:
    /// The path to write, "" to cancel.
    virtual QString
    askExportPath(const QString &title, const QString &suggested, const QString &filter);
    virtual void showError(const QString &title, const QString &text);

private:
    void updateControls();

    BenchmarkModel *m_model;
    QComboBox *m_chooser;
    QLabel *m_measuredBy;
    BenchmarkChart *m_chart;
    QPushButton *m_png, *m_svg, *m_csv;
};

} // namespace tsm
