#pragma once
// Reading the runner's JSON events (docs/run-events.md) in the studio's models.

#include <QJsonObject>
#include <QJsonValue>
#include <QtNumeric>

namespace tsm {

/// The number `key` of an event: non-finite numbers are null in the events, read as NaN (as
/// is a missing or non-numeric member).
inline double eventNumber(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : qQNaN();
}

} // namespace tsm
