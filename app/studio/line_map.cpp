#include "app/studio/line_map.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

namespace tsm {
namespace {

bool sameFile(const QString &a, const QString &b)
{
    return QFileInfo(a).fileName() == QFileInfo(b).fileName();
}

QList<int> irLines(const QStringList &lines)
{
    static const QRegularExpression suffix(QStringLiteral("#\\s*L(\\d+)\\s*$"));
    QList<int> map;
    for (const QString &l : lines) {
        const QRegularExpressionMatch m = suffix.match(l);
        map.append(m.hasMatch() ? m.captured(1).toInt() : 0);
    }
    return map;
}

QList<int> cudaLines(const QStringList &lines, const QString &file, const QStringList &python)
{
    static const QRegularExpression directive(QStringLiteral("^\\s*#line\\s+(\\d+)\\s+\"([^\"]*)\""));
    QList<int> map;
    QList<int> directiveAt; // the Python line named by a #line on this line, else 0
    int current = 0;
    for (const QString &l : lines) {
        const QRegularExpressionMatch m = directive.match(l);
        int here = 0;
        if (m.hasMatch()) {
            current = sameFile(m.captured(2), file) ? m.captured(1).toInt() : 0;
            here = current;
        }
        directiveAt.append(here);
        map.append(current);
    }
    // The emitter writes each statement's Python text as a comment before the code that
    // computes it: that comment and the lines up to its first #line belong to that line.
    for (int i = 0; i < lines.size(); ++i) {
        const QString t = lines[i].trimmed();
        if (!t.startsWith(QStringLiteral("// ")))
            continue;
        int d = i + 1;
        while (d < lines.size() && directiveAt[d] == 0 && d - i < 64)
            ++d;
        if (d >= lines.size() || directiveAt[d] == 0)
            continue;
        const int n = directiveAt[d];
        if (n < 1 || n > python.size() || python[n - 1].trimmed() != t.mid(3).trimmed())
            continue;
        for (int k = i; k < d; ++k)
            map[k] = n;
    }
    return map;
}

QList<int> ptxLines(const QStringList &lines, const QString &file)
{
    static const QRegularExpression fileDirective(
        QStringLiteral("^\\s*\\.file\\s+(\\d+)\\s+\"([^\"]*)\""));
    static const QRegularExpression loc(QStringLiteral(
        "^\\s*\\.loc\\s+(\\d+)\\s+(\\d+)\\s+\\d+(?:.*inlined_at\\s+(\\d+)\\s+(\\d+)\\s+\\d+)?"));
    QHash<int, bool> isPython; // .file index -> it is the Python file
    for (const QString &l : lines) {
        const QRegularExpressionMatch m = fileDirective.match(l);
        if (m.hasMatch())
            isPython.insert(m.captured(1).toInt(), sameFile(m.captured(2), file));
    }
    // Device-header functions are inlined into the kernel, sometimes through each other: a
    // location of the header resolves to the Python line it was last reached from.
    QHash<quint64, int> reachedFrom;
    auto key = [](int f, int line) { return (quint64(f) << 32) | quint32(line); };
    QList<int> map;
    int current = 0;
    for (const QString &l : lines) {
        const QRegularExpressionMatch m = loc.match(l);
        if (m.hasMatch()) {
            const int f = m.captured(1).toInt(), line = m.captured(2).toInt();
            if (isPython.value(f)) {
                current = line;
            } else if (m.capturedLength(3)) {
                const int f2 = m.captured(3).toInt(), line2 = m.captured(4).toInt();
                current = isPython.value(f2) ? line2 : reachedFrom.value(key(f2, line2), 0);
            } else {
                current = reachedFrom.value(key(f, line), 0);
            }
            if (!isPython.value(f) && current)
                reachedFrom.insert(key(f, line), current);
        }
        map.append(current);
    }
    return map;
}

QList<int> sassLines(const QStringList &lines, const QString &file)
{
    // nvdisasm -gi: `//## File "/path/x.py", line 35` and, for inlined device-header code, a
    // chain `//## File "/x/tilesmith_device.cuh", line 238 inlined at "/x/tilesmith_device.cuh",
    // line 253` / `... line 253 inlined at "/path/x.py", line 35` / `//## File "/path/x.py",
    // line 35` before the instruction: the last Python location named wins.
    static const QRegularExpression ref(QStringLiteral("\"([^\"]*)\",\\s*line\\s+(\\d+)"));
    QList<int> map;
    int current = 0;
    for (const QString &l : lines) {
        if (l.contains(QStringLiteral("//##"))) {
            int found = 0;
            QRegularExpressionMatchIterator it = ref.globalMatch(l);
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                if (sameFile(m.captured(1), file))
                    found = m.captured(2).toInt(); // the outermost Python location wins
            }
            current = found;
        }
        map.append(current);
    }
    return map;
}

} // namespace

QList<int> pythonLinesOf(CodeKind kind,
                         const QString &text,
                         const QString &pythonFile,
                         const QStringList &pythonLines)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    switch (kind) {
    case CodeKind::Ir:
        return irLines(lines);
    case CodeKind::Cuda:
        return cudaLines(lines, pythonFile, pythonLines);
    case CodeKind::Ptx:
        return ptxLines(lines, pythonFile);
    case CodeKind::Sass:
        return sassLines(lines, pythonFile);
    }
    return {};
}

QList<int> generatedLinesFor(const QList<int> &map, int line)
{
    QList<int> out;
    if (line <= 0)
        return out;
    for (int i = 0; i < map.size(); ++i)
        if (map[i] == line)
            out.append(i);
    return out;
}

} // namespace tsm
