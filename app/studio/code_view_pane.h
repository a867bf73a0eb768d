#pragma once
// The Generated Code dock: one kernel specialization (from the kernel_compiled events of the
// last run) as typed block IR, CUDA C, PTX and SASS in read-only views, built by the runner's
// `code` request (docs/serve.md) so the studio never loads NVRTC or the driver itself. The
// views follow the editor: the Python line under the cursor highlights the generated lines it
// became, and clicking a generated line goes back to its Python line. Beside them: ptxas's
// resource report, the theoretical occupancy and each compile stage's time; "Export CUDA…"
// writes the standalone .cu (compiles alone with nvcc -arch=sm_90 -c).

#include "app/studio/line_map.h"

#include <QJsonObject>
#include <QList>
#include <QTimer>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace tsm {

class RunnerClient;

class CodeViewPane : public QWidget
{
    Q_OBJECT

public:
    /// The file being edited: its path and current text (sent with each request, so the views
    /// match unsaved edits).
    struct Source
    {
        QString path;
        QString text;
    };

    CodeViewPane(RunnerClient *runner, std::function<Source()> source, QWidget *parent = nullptr);

    /// A `kernel_compiled` event's kernel and signature (cache-key form); the newest is shown.
    void addSpecialization(const QString &kernel, const QString &signature);
    /// Forgets the specializations (another file was opened).
    void clearSpecializations();
    int specializationCount() const;
    /// Builds the chosen specialization again (the source changed, or the user asked).
    void refresh();
    /// Marks the views stale after an edit; they are rebuilt after a pause while visible.
    void sourceEdited();
    /// Highlights the generated lines of 1-based Python `line` in every view and scrolls the
    /// current view to the first of them.
    void followPythonLine(int line);
    /// Recolours the views with Theme::current().
    void applyTheme();

    QTabWidget *tabs() const { return m_tabs; }
    QPlainTextEdit *view(CodeKind kind) const;
    /// The generated lines (0-based) highlighted in `kind`'s view.
    QList<int> highlightedLines(CodeKind kind) const;
    QString resourceText() const;
    QString statusText() const;
    /// The last `code` event (empty before the first).
    QJsonObject lastCode() const { return m_code; }
    /// Writes the standalone CUDA C to `path`; false with a message in `error`.
    bool exportCuda(const QString &path, QString *error) const;
    /// Milliseconds between an edit and the rebuild it causes (while the dock is visible).
    static constexpr int kRebuildDelayMs = 800;

signals:
    /// A generated line was clicked: go to its 1-based Python line.
    void pythonLineActivated(int line);
    /// A request finished (built or not): tests wait for it.
    void codeUpdated();

protected:
    /// Where "Export CUDA…" writes (a file dialog; tests override).
    virtual QString askExportPath(const QString &suggested);
    virtual void showError(const QString &title, const QString &text);
    void showEvent(QShowEvent *event) override;

private:
    void onEvent(int id, const QJsonObject &event);
    void onFinished(int id, int exitCode);
    void showCode(const QJsonObject &code);
    void setResources(const QJsonObject &code);
    void onViewCursor(CodeKind kind);
    void exportClicked();

    RunnerClient *m_runner;
    std::function<Source()> m_source;
    QComboBox *m_specs;
    QPushButton *m_refresh;
    QPushButton *m_export;
    QLabel *m_resources;
    QLabel *m_status;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_views[4] = {};
    QList<int> m_maps[4];
    QList<int> m_highlighted[4];
    QJsonObject m_code;
    QStringList m_errors;
    int m_request = 0;
    int m_pythonLine = 0;
    bool m_stale = false;
    bool m_following = false;
    QTimer m_rebuild;
};

} // namespace tsm
