#include "app/studio/autotune_pin.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace tsm {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("AutotunePin", text);
}

// The launch options a triton.Config carries beside its meta-parameters, in the order the
// launch gets them.
const char *const kLaunchOptions[] = {"num_warps", "num_stages", "num_ctas", "maxnreg"};

bool isLaunchOption(const std::string &name)
{
    return std::any_of(std::begin(kLaunchOptions), std::end(kLaunchOptions), [&](const char *o) {
        return name == o;
    });
}

// Options a launch gets anyway: passing them says nothing.
bool isDefault(const std::string &name, const std::string &value)
{
    return (name == "num_ctas" && value == "1") || (name == "maxnreg" && value == "None");
}

int lineStart(const QByteArray &t, int pos)
{
    while (pos > 0 && t[pos - 1] != '\n')
        --pos;
    return pos;
}

int lineEnd(const QByteArray &t, int pos)
{
    const qsizetype nl = t.indexOf('\n', pos);
    return nl < 0 ? int(t.size()) : int(nl);
}

// Where a `#` comment starts in bytes [from, to) of one line, -1 when none: quotes are
// followed so a '#' in a string does not count.
int commentStart(const QByteArray &t, int from, int to)
{
    char quote = 0;
    for (int i = from; i < to; ++i) {
        const char c = t[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            return i;
        }
    }
    return -1;
}

// Just after the call's last argument: the last byte before the closing parenthesis at
// `close` that is neither white space, a line continuation nor part of a comment.
int afterLastArgument(const QByteArray &t, int begin, int close)
{
    int p = close;
    while (p > begin) {
        const char c = t[p - 1];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r'
            || (c == '\\' && p < close && (t[p] == '\n' || t[p] == '\r'))) {
            --p;
            continue;
        }
        const int hash = commentStart(t, lineStart(t, p - 1), p);
        if (hash < 0)
            break;
        p = hash;
    }
    return p;
}

bool validRange(const std::optional<run::SourceRange> &r, qsizetype size)
{
    return r && r->begin < r->end && qsizetype(r->end) <= size;
}

} // namespace

QList<std::pair<QString, QString>> launchArguments(const run::AutotuneConfig &config)
{
    QList<std::pair<QString, QString>> out;
    for (const auto &[name, value] : config.kwargs)
        if (!isLaunchOption(name))
            out.append({QString::fromStdString(name), QString::fromStdString(value)});
    for (const char *option : kLaunchOptions)
        for (const auto &[name, value] : config.kwargs)
            if (name == option && !isDefault(name, value))
                out.append({QString::fromStdString(name), QString::fromStdString(value)});
    return out;
}

AutotunePin
pinAutotuneConfig(const QByteArray &source, const run::AutotuneReport &report, int config)
{
    AutotunePin pin;
    if (config < 0 || config >= int(report.configs.size())) {
        pin.error = tr("There is no config %1 in the report of %2")
                        .arg(config)
                        .arg(QString::fromStdString(report.kernel));
        return pin;
    }
    const QList<std::pair<QString, QString>> arguments
        = launchArguments(report.configs[std::size_t(config)]);
    if (arguments.isEmpty()) {
        pin.error = tr("The config has no arguments to pin");
        return pin;
    }
    if (!validRange(report.decorator, source.size()) || !validRange(report.launch, source.size())) {
        pin.error = tr("The report does not say where the @triton.autotune decorator and the "
                       "launch are in this text");
        return pin;
    }
    const run::SourceRange &decorator = *report.decorator, &launch = *report.launch;
    // The range may start at the '@' or at the call after it ("triton.autotune(...)").
    const int start = lineStart(source, int(decorator.begin));
    const QByteArray decoratorText = source.mid(start, decorator.end - start).trimmed();
    if (!decoratorText.startsWith('@') || !decoratorText.contains("autotune")) {
        pin.error = tr("Line %1 is not the @triton.autotune decorator the report names: the "
                       "text is not the one that ran")
                        .arg(decorator.line);
        return pin;
    }
    if (source[launch.end - 1] != ')') {
        pin.error = tr("The launch the report names (line %1) does not end in ')': the text is "
                       "not the one that ran")
                        .arg(launch.line);
        return pin;
    }
    if (launch.begin < decorator.end && decorator.begin < launch.end) {
        pin.error = tr("The report's launch overlaps its decorator");
        return pin;
    }
    const QString call = QString::fromUtf8(source.mid(launch.begin, launch.end - launch.begin));
    QStringList already;
    for (const auto &[name, value] : arguments)
        if (call.contains(QRegularExpression(
                QStringLiteral("(?<![\\w.])%1\\s*=(?!=)").arg(QRegularExpression::escape(name)))))
            already << name;
    if (!already.isEmpty()) {
        pin.error = tr("The launch at line %1 already passes %2: remove it there to pin this "
                       "config")
                        .arg(launch.line)
                        .arg(already.join(QStringLiteral(", ")));
        return pin;
    }

    // The decorator: "# " after each line's indentation (blank lines stay as they are).
    for (int line = lineStart(source, int(decorator.begin)); line < int(decorator.end);
         line = lineEnd(source, line) + 1) {
        int first = line;
        const int end = lineEnd(source, line);
        while (first < end && (source[first] == ' ' || source[first] == '\t'))
            ++first;
        if (first < end && source[first] != '\r')
            pin.edits.append({first, first, QByteArrayLiteral("# ")});
    }
    // The launch: the config's arguments after its last argument.
    QStringList parts;
    for (const auto &[name, value] : arguments)
        parts << name + QLatin1Char('=') + value;
    pin.arguments = parts.join(QStringLiteral(", "));
    const int at = afterLastArgument(source, int(launch.begin), int(launch.end) - 1);
    const char before = at > 0 ? source[at - 1] : '(';
    const QByteArray text = pin.arguments.toUtf8();
    pin.edits.append({at,
                      at,
                      before == '('   ? text
                      : before == ',' ? QByteArrayLiteral(" ") + text + ','
                                      : QByteArrayLiteral(", ") + text});

    std::sort(pin.edits.begin(), pin.edits.end(), [](const TextEdit &a, const TextEdit &b) {
        return a.begin > b.begin;
    });
    pin.text = source;
    for (const TextEdit &e : std::as_const(pin.edits))
        pin.text.replace(e.begin, e.end - e.begin, e.text);
    return pin;
}

} // namespace tsm
