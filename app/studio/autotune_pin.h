#pragma once
// "Pin config" as a text transformation: the @triton.autotune decorator of a tuned kernel
// commented out line by line, and the chosen config's meta-parameters and launch options
// passed to the launch that triggered the tuning (`kernel[grid](..., BLOCK_SIZE=1024,
// num_warps=4, num_stages=3)`). Byte offsets into the UTF-8 text the report was measured on;
// no widgets, so the editor applies the edits as one undo step.

#include "core/run/autotune_report.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace tsm {

/// Replace bytes [begin, end) of the original text with `text`.
struct TextEdit
{
    int begin = 0, end = 0;
    QByteArray text;
};

struct AutotunePin
{
    QString error;         ///< why the config cannot be pinned ("" when it can)
    QList<TextEdit> edits; ///< from the end of the file backwards: apply in this order
    QByteArray text;       ///< the source with the edits applied
    QString arguments;     ///< what the launch gets: "BLOCK_SIZE=1024, num_warps=4, num_stages=3"
    bool ok() const { return error.isEmpty(); }
};

/// Pins config `config` of `report` into `source` (the text the report was measured on).
AutotunePin
pinAutotuneConfig(const QByteArray &source, const run::AutotuneReport &report, int config);

/// The config's keyword arguments as the launch takes them: meta-parameters in the config's
/// order, then num_warps, num_stages and the other launch options that are not defaults.
QList<std::pair<QString, QString>> launchArguments(const run::AutotuneConfig &config);

} // namespace tsm
