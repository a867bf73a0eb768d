// Typing in the studio while a benchmark runs (issue 6). Opens a generated 3,000-line Triton
// file in a visible MainWindow, starts a Bench on the interpreter in the runner (a perf_report
// of hundreds of cells, so points keep arriving), then types 300 characters with
// QTest::keyClick: words of 6 characters ~110 ms apart, a pause after each word. Measures
//   - per keystroke, the time from sending the key until the event loop is about to block
//     (idle) again;
//   - the largest gap between ticks of a 1 ms watchdog timer while typing (an event-loop stall);
//   - the live check's latency: last keystroke of a word to the Problems pane updated (the
//     debounce included), and the check's own time on its worker thread.
// Writes median / p95 / max as Markdown to the file named by the first argument and stdout.
// A measurement, not a pass/fail test: it fails only when the studio does not do the work
// (no benchmark point arrived while typing, or the check never answered).

#include "app/studio/benchmark_model.h"
#include "app/studio/check_service.h"
#include "app/studio/main_window.h"
#include "editor/kernel_editor.h"

#include <QAbstractEventDispatcher>
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace tsm;

namespace {

constexpr int kLines = 3000;
constexpr int kCharacters = 300;
constexpr int kWordLength = 6;
constexpr int kKeyIntervalMs = 110; // ~9 characters a second
constexpr int kWordPauseMs = 700;   // longer than the check's debounce: each word gets checked

// A kernel like the swish example's, `index` in its name; ends with a blank line.
QByteArray kernelText(int index)
{
    const QByteArray n = QByteArray::number(index);
    return "@triton.jit\n"
           "def swish_kernel_" + n + "(x_ptr, output_ptr, n_elements, beta: tl.constexpr,\n"
           "                   BLOCK_SIZE: tl.constexpr):\n"
           "    pid = tl.program_id(axis=0)\n"
           "    block_start = pid * BLOCK_SIZE\n"
           "    offsets = block_start + tl.arange(0, BLOCK_SIZE)\n"
           "    mask = offsets < n_elements\n"
           "    x = tl.load(x_ptr + offsets, mask=mask)\n"
           "    output = x / (1.0 + tl.exp(-beta * x))\n"
           "    tl.store(output_ptr + offsets, output, mask=mask)\n"
           "\n\n";
}

// 3,000 lines: kernels, then a harness whose perf_report sweeps 2 x 300 cells on the
// interpreter (longer than the typing takes; the run is stopped after it).
QByteArray program()
{
    QByteArray text = "import torch\nimport triton\nimport triton.language as tl\n\n"
                      "DEVICE = triton.runtime.driver.active.get_active_torch_device()\n\n\n";
    const QByteArray harness
        = "def swish(x):\n"
          "    y = torch.empty_like(x)\n"
          "    swish_kernel_0[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), 1.0, BLOCK_SIZE=1024)\n"
          "    return y\n"
          "\n\n"
          "@triton.testing.perf_report(triton.testing.Benchmark(\n"
          "    x_names=['size'], x_vals=[4096 * (i + 1) for i in range(300)], line_arg='provider',\n"
          "    line_vals=['triton', 'torch'], line_names=['Triton', 'Torch'], ylabel='GB/s',\n"
          "    plot_name='swish-typing', args={}))\n"
          "def benchmark(size, provider):\n"
          "    x = torch.randn(size, device=DEVICE)\n"
          "    f = (lambda: swish(x)) if provider == 'triton' else (lambda: torch.nn.functional.silu(x))\n"
          "    ms = triton.testing.do_bench(f)\n"
          "    return 2 * x.numel() * 4 * 1e-9 / (ms * 1e-3)\n";
    const int harnessLines = int(harness.count('\n'));
    for (int i = 0; text.count('\n') + 12 + harnessLines <= kLines; ++i)
        text += kernelText(i);
    while (text.count('\n') + harnessLines < kLines)
        text += "# padding\n";
    return text + harness;
}

struct Stats
{
    double median = 0, p95 = 0, max = 0;
    int count = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    s.count = int(v.size());
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))]; };
    s.median = at(0.5);
    s.p95 = at(0.95);
    s.max = v.back();
    return s;
}

QString row(const char *what, const Stats &s)
{
    return QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
        .arg(QLatin1String(what))
        .arg(s.count)
        .arg(s.median, 0, 'f', 2)
        .arg(s.p95, 0, 'f', 2)
        .arg(s.max, 0, 'f', 2);
}

// Runs the event loop for `ms` (QTest::qWait would sleep 10 ms between its rounds of events,
// which the watchdog would count as stalls).
void waitMs(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, Qt::PreciseTimer, &loop, &QEventLoop::quit);
    loop.exec();
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: studio_typing RESULTS.md (needs TILESMITH_BIN)\n");
        return 2;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("typing.py"));
    const QByteArray text = program();
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return 2;
        f.write(text);
    }

    MainWindow w;
    w.resize(1280, 800);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w) || !w.openFile(path))
        return 2;
    w.setBackendChoice(QStringLiteral("interp"));
    KernelEditor *editor = w.editor();
    QTest::qWait(1500); // the first check
    if (!w.runRequest(QStringLiteral("bench")))
        return 2;
    // Typing starts once the sweep is producing points.
    if (!QTest::qWaitFor([&] { return w.benchmarkModel()->pointCount() >= 2; }, 120000)) {
        std::fprintf(stderr, "studio_typing: no benchmark point within 120 s\n");
        return 1;
    }
    const int pointsBefore = w.benchmarkModel()->pointCount();

    // At the end of a kernel body, a comment line being written.
    const int line = int(text.left(text.indexOf("def swish(x)")).count('\n')) - 2;
    w.goToLine(line, 1);
    editor->SendScintilla(QsciScintillaBase::SCI_LINEEND);
    QTest::keyClick(editor, Qt::Key_Return);
    QTest::keyClicks(editor, "# ");
    editor->setFocus();

    QElapsedTimer clock;
    clock.start();
    qint64 lastTick = clock.nsecsElapsed();
    std::vector<double> stalls;
    QTimer watchdog;
    watchdog.setTimerType(Qt::PreciseTimer);
    watchdog.setInterval(1);
    QObject::connect(&watchdog, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        stalls.push_back(double(now - lastTick) / 1e6);
        lastTick = now;
    });

    std::vector<double> keystroke, checkLatency, checkWork;
    QElapsedTimer sinceLastKey;
    bool waitingForCheck = false;
    QObject::connect(w.checkService(), &CheckService::checkFinished, [&](const CheckReport &report) {
        if (!waitingForCheck)
            return;
        waitingForCheck = false;
        checkLatency.push_back(msSince(sinceLastKey));
        checkWork.push_back(double(report.elapsedUs) / 1000.0);
    });
    QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance();
    const char letters[] = "abcdefghijklmnopqrstuvwxyz";
    lastTick = clock.nsecsElapsed();
    watchdog.start();
    for (int i = 0; i < kCharacters; ++i) {
        const bool wordEnd = (i + 1) % (kWordLength + 1) == 0;
        const char c = wordEnd ? ' ' : letters[(i * 7) % 26];
        QElapsedTimer key;
        key.start();
        QTest::keyClick(editor, c);
        QEventLoop idle;
        QObject::connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, &idle, &QEventLoop::quit);
        idle.exec(); // returns as the loop is about to wait: everything the key caused is done
        keystroke.push_back(msSince(key));
        sinceLastKey.start();
        waitingForCheck = true;
        waitMs(wordEnd ? kWordPauseMs : kKeyIntervalMs);
    }
    watchdog.stop();
    QTest::qWait(1000); // the last check
    const int pointsWhileTyping = w.benchmarkModel()->pointCount() - pointsBefore;
    w.stopRun();
    QTest::qWaitFor([&] { return !w.isRunning(); }, 20000);
    editor->setModified(false); // nothing to save at exit

    const Stats k = stats(keystroke), s = stats(stalls), cl = stats(checkLatency), cw = stats(checkWork);
    QString out;
    out += QStringLiteral("# Studio typing while a benchmark runs\n\n");
    out += QStringLiteral("`bench/studio/studio_typing.cpp` (ctest `bench.studio_typing`, label `bench`): a %1-line "
                          "Triton file in a visible MainWindow (Qt platform `%2`), a Bench on the interpreter "
                          "running in `tilesmith serve`, %3 characters typed with QTest::keyClick (words of %4 "
                          "letters %5 ms apart, %6 ms after each word).\n\n")
               .arg(text.count('\n'))
               .arg(QGuiApplication::platformName())
               .arg(kCharacters)
               .arg(kWordLength)
               .arg(kKeyIntervalMs)
               .arg(kWordPauseMs);
    out += QStringLiteral("Machine: %1, %2 cores (shared), no GPU; Qt %3.\n\n")
               .arg(QSysInfo::prettyProductName())
               .arg(QThread::idealThreadCount())
               .arg(QLatin1String(qVersion()));
    out += QStringLiteral("Benchmark points that arrived while typing: %1.\n\n").arg(pointsWhileTyping);
    out += QStringLiteral("| ms | n | median | p95 | max |\n|---|---|---|---|---|\n");
    out += row("keystroke until the event loop is idle", k);
    out += row("event-loop gap (1 ms watchdog)", s);
    out += row("live check: last key to Problems updated (250 ms debounce included)", cl);
    out += row("live check: the check itself (worker thread)", cw);
    std::fputs(qPrintable(out), stdout);
    QFile results(QString::fromLocal8Bit(argv[1]));
    if (!results.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        std::fprintf(stderr, "studio_typing: cannot write %s\n", argv[1]);
        return 2;
    }
    results.write(out.toUtf8());
    if (pointsWhileTyping == 0 || checkLatency.empty()) {
        std::fprintf(stderr, "studio_typing: the benchmark or the check did not run while typing\n");
        return 1;
    }
    return 0;
}
