#pragma once
// The Validation dock: the ValidationModel's table beside the selected row's detail - for 2-D
// outputs a heat map of error / allowed error with the mismatching region outlined, and
// PyTorch's report with the first mismatches. Activating a row goes to the assert.

#include <QWidget>

class QPlainTextEdit;
class QTableView;

namespace tsm {

class ValidationModel;

/// error / allowed error per cell (downsampled by the runner): white at 0, green up to 1 (within
/// tolerance), red above; the bounding box of the cells above 1 outlined.
class HeatMap : public QWidget
{
    Q_OBJECT

public:
    explicit HeatMap(QWidget *parent = nullptr);
    void setHeat(int rows, int cols, QList<float> values);
    /// The outlined region in heat cells (row, col, rows, cols); empty when all cells pass.
    QRect mismatchRegion() const { return m_region; }
    int heatRows() const { return m_rows; }
    int heatCols() const { return m_cols; }
    /// A cell's colour for error / allowed error `v`: green shades within tolerance, from the
    /// background's end of the scale (near white on a light one, near black on a dark one), red
    /// beyond it and for NaN.
    static QColor cellColor(float v, bool dark);
    /// The outline of the mismatching region: the text colour's end of the scale.
    static QColor outlineColor(bool dark);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int m_rows = 0, m_cols = 0;
    QList<float> m_values;
    QRect m_region;
};

class ValidationPane : public QWidget
{
    Q_OBJECT

public:
    explicit ValidationPane(ValidationModel *model, QWidget *parent = nullptr);
    QTableView *view() const { return m_view; }
    HeatMap *heatMap() const { return m_heat; }
    QPlainTextEdit *details() const { return m_details; }
    /// Shows row `r`'s detail.
    void showRow(int r);

signals:
    /// A row was activated: its assert's 1-based line and column.
    void assertActivated(int line, int column);

private:
    ValidationModel *m_model;
    QTableView *m_view;
    HeatMap *m_heat;
    QPlainTextEdit *m_details;
};

} // namespace tsm
