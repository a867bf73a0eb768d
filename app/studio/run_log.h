#pragma once
// The Run Log dock: what a run, test or benchmark reports, as it arrives from the runner -
// program output, diagnostics with their lines, each test's verdict, failed asserts' reports,
// benchmark points, the summary - and what happened when the runner failed. Each line keeps its
// tone (heading, warning, error, success) so that a theme change re-colours the old lines too.

#include <QJsonObject>
#include <QPlainTextEdit>

namespace tsm {

class RunLog : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit RunLog(QWidget *parent = nullptr);

    /// A line announcing a new request ("test swish.py on interp").
    void begin(const QString &title);
    /// One runner event (docs/run-events.md, docs/serve.md).
    void addEvent(const QJsonObject &event);
    /// The runner failed (crash, time limit): shown as an error.
    void addFailure(const QString &text);
    /// Re-colours every line for Theme::current() (View > Theme changed).
    void applyTheme();

private:
    enum class Tone { Plain, Heading, Warning, Error, Success }; ///< kept as each block's userState

    void addLine(const QString &text, Tone tone = Tone::Plain);
    void colourBlocks(int first, int last, Tone tone);
};

} // namespace tsm
