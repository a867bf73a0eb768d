#include "app/studio/code_view_pane.h"

#include "app/studio/code_highlighter.h"
#include "app/studio/theme.h"
#include "app/studio/runner_client.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTextBlock>
#include <QVBoxLayout>

namespace tsm {
namespace {

constexpr CodeKind kTabOrder[] = {CodeKind::Cuda, CodeKind::Ptx, CodeKind::Sass, CodeKind::Ir};

const char *tabTitle(CodeKind k)
{
    switch (k) {
    case CodeKind::Cuda:
        return "CUDA C";
    case CodeKind::Ptx:
        return "PTX";
    case CodeKind::Sass:
        return "SASS";
    case CodeKind::Ir:
        return "IR";
    }
    return "";
}

const char *jsonKey(CodeKind k)
{
    switch (k) {
    case CodeKind::Cuda:
        return "cuda";
    case CodeKind::Ptx:
        return "ptx";
    case CodeKind::Sass:
        return "sass";
    case CodeKind::Ir:
        return "ir";
    }
    return "";
}

QString bytes(int n)
{
    return n < 1024 ? QStringLiteral("%1 B").arg(n) : QStringLiteral("%1 KB").arg(n / 1024.0, 0, 'f', 1);
}

} // namespace

CodeViewPane::CodeViewPane(RunnerClient *runner, std::function<Source()> source, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_source(std::move(source))
{
    m_specs = new QComboBox(this);
    m_specs->setObjectName(QStringLiteral("specializations"));
    m_specs->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_specs->setMinimumContentsLength(30);
    m_specs->setToolTip(tr("The kernel specializations the last run compiled"));
    m_refresh = new QPushButton(tr("Rebuild"), this);
    m_refresh->setToolTip(tr("Build the chosen specialization again from the editor's text"));
    m_export = new QPushButton(tr("Export CUDA…"), this);
    m_export->setToolTip(tr("Write the kernel as a standalone .cu file (nvcc -arch=sm_90 -c compiles it)"));
    m_export->setEnabled(false);
    m_resources = new QLabel(this);
    m_resources->setObjectName(QStringLiteral("resources"));
    m_resources->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resources->setWordWrap(true);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_tabs = new QTabWidget(this);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (CodeKind k : kTabOrder) {
        auto *v = new QPlainTextEdit(this);
        v->setReadOnly(true);
        v->setLineWrapMode(QPlainTextEdit::NoWrap);
        v->setFont(mono);
        v->setObjectName(QString::fromLatin1(jsonKey(k)));
        v->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        new CodeHighlighter(k, v->document());
        m_views[int(k)] = v;
        m_tabs->addTab(v, tr(tabTitle(k)));
        connect(v, &QPlainTextEdit::cursorPositionChanged, this, [this, k] { onViewCursor(k); });
    }

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_specs, 1);
    bar->addWidget(m_refresh);
    bar->addWidget(m_export);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_resources);
    layout->addWidget(m_status);
    layout->addWidget(m_tabs, 1);

    m_rebuild.setSingleShot(true);
    m_rebuild.setInterval(kRebuildDelayMs);
    connect(&m_rebuild, &QTimer::timeout, this, &CodeViewPane::refresh);
    connect(m_specs, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(m_refresh, &QPushButton::clicked, this, &CodeViewPane::refresh);
    connect(m_export, &QPushButton::clicked, this, &CodeViewPane::exportClicked);
    connect(m_runner, &RunnerClient::eventReceived, this, &CodeViewPane::onEvent);
    connect(m_runner, &RunnerClient::requestFinished, this, &CodeViewPane::onFinished);
    clearSpecializations();
}

QPlainTextEdit *CodeViewPane::view(CodeKind kind) const
{
    return m_views[int(kind)];
}

QList<int> CodeViewPane::highlightedLines(CodeKind kind) const
{
    return m_highlighted[int(kind)];
}

QString CodeViewPane::resourceText() const
{
    return m_resources->text();
}

QString CodeViewPane::statusText() const
{
    return m_status->text();
}

int CodeViewPane::specializationCount() const
{
    return m_specs->count();
}

void CodeViewPane::addSpecialization(const QString &kernel, const QString &signature)
{
    const QStringList key{kernel, signature};
    for (int i = 0; i < m_specs->count(); ++i)
        if (m_specs->itemData(i).toStringList() == key) {
            m_specs->setCurrentIndex(i);
            return;
        }
    // Newest first, shown at once (one build: inserting moves the current index silently).
    m_specs->blockSignals(true);
    m_specs->insertItem(0, kernel + QStringLiteral(" — ") + signature, key);
    m_specs->setItemData(0, signature, Qt::ToolTipRole);
    const bool moved = m_specs->currentIndex() != 0;
    m_specs->blockSignals(false);
    if (moved)
        m_specs->setCurrentIndex(0);
    else
        refresh();
}

void CodeViewPane::clearSpecializations()
{
    m_specs->blockSignals(true);
    m_specs->clear();
    m_specs->blockSignals(false);
    m_code = {};
    m_export->setEnabled(false);
    m_resources->clear();
    for (QPlainTextEdit *v : m_views)
        v->clear();
    for (QList<int> &m : m_maps)
        m.clear();
    m_status->setText(tr("Run, Test or Bench the file: every kernel specialization it compiles "
                         "appears here as CUDA C, PTX, SASS and IR."));
}

void CodeViewPane::sourceEdited()
{
    if (m_specs->count() == 0)
        return;
    m_stale = true;
    if (isVisible())
        m_rebuild.start();
}

void CodeViewPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale && m_request == 0)
        m_rebuild.start();
}

void CodeViewPane::refresh()
{
    m_rebuild.stop();
    const QStringList key = m_specs->currentData().toStringList();
    if (key.size() != 2)
        return;
    if (m_request) { // one at a time: build again when this one is done
        m_stale = true;
        return;
    }
    const Source src = m_source();
    m_stale = false;
    m_errors.clear();
    m_status->setText(tr("Building %1…").arg(key[0]));
    m_request = m_runner->send(QJsonObject{{QStringLiteral("request"), QStringLiteral("code")},
                                           {QStringLiteral("file"), src.path},
                                           {QStringLiteral("text"), src.text},
                                           {QStringLiteral("kernel"), key[0]},
                                           {QStringLiteral("signature"), key[1]}});
}

void CodeViewPane::onEvent(int id, const QJsonObject &event)
{
    if (id != m_request)
        return;
    const QString kind = event.value(QStringLiteral("event")).toString();
    if (kind == QLatin1String("code")) {
        showCode(event);
    } else if (kind == QLatin1String("error")) {
        m_errors << event.value(QStringLiteral("message")).toString();
    } else if (kind == QLatin1String("diagnostic")
               && event.value(QStringLiteral("severity")).toString() == QLatin1String("error")) {
        m_errors << tr("line %1: %2")
                        .arg(event.value(QStringLiteral("line")).toInt())
                        .arg(event.value(QStringLiteral("message")).toString());
    }
}

void CodeViewPane::onFinished(int id, int exitCode)
{
    if (id != m_request)
        return;
    m_request = 0;
    if (!m_errors.isEmpty())
        m_status->setText(tr("Could not build this specialization: %1").arg(m_errors.join(QStringLiteral("; "))));
    else if (exitCode != 0 && m_code.isEmpty())
        m_status->setText(tr("Could not build this specialization (exit %1).").arg(exitCode));
    emit codeUpdated();
    if (m_stale)
        refresh();
}

void CodeViewPane::showCode(const QJsonObject &code)
{
    m_code = code;
    const Source src = m_source();
    const QStringList pythonLines = src.text.split(QLatin1Char('\n'));
    const QString file = code.value(QStringLiteral("file")).toString();
    const QJsonObject unavailable = code.value(QStringLiteral("unavailable")).toObject();
    m_following = true;
    for (CodeKind k : kTabOrder) {
        const QString key = QString::fromLatin1(jsonKey(k));
        QPlainTextEdit *v = m_views[int(k)];
        if (code.contains(key)) {
            const QString text = code.value(key).toString();
            v->setPlainText(text);
            m_maps[int(k)] = pythonLinesOf(k, text, file, pythonLines);
        } else {
            v->setPlainText(tr("(%1 is not available: %2)")
                                .arg(tr(tabTitle(k)),
                                     unavailable.value(key).toString(tr("not built"))));
            m_maps[int(k)].clear();
        }
        m_tabs->setTabEnabled(m_tabs->indexOf(v), true);
    }
    m_following = false;
    m_export->setEnabled(code.contains(QStringLiteral("cuda_standalone")));
    setResources(code);
    m_status->setText(tr("%1 for %2").arg(code.value(QStringLiteral("kernel")).toString(),
                                          code.value(QStringLiteral("arch")).toString()));
    followPythonLine(m_pythonLine);
}

void CodeViewPane::setResources(const QJsonObject &code)
{
    QStringList parts;
    const QJsonObject r = code.value(QStringLiteral("resources")).toObject();
    if (!r.isEmpty()) {
        parts << tr("%1 registers").arg(r.value(QStringLiteral("registers")).toInt());
        const int spills = r.value(QStringLiteral("spill_store_bytes")).toInt()
                           + r.value(QStringLiteral("spill_load_bytes")).toInt();
        parts << (spills ? tr("spills: %1 stored, %2 loaded")
                               .arg(bytes(r.value(QStringLiteral("spill_store_bytes")).toInt()),
                                    bytes(r.value(QStringLiteral("spill_load_bytes")).toInt()))
                         : tr("no spills"));
        parts << tr("%1 shared").arg(bytes(r.value(QStringLiteral("shared_bytes")).toInt()));
        if (const int stack = r.value(QStringLiteral("stack_bytes")).toInt())
            parts << tr("%1 stack").arg(bytes(stack));
        const QJsonObject o = r.value(QStringLiteral("occupancy")).toObject();
        if (!o.isEmpty()) {
            QString occ = tr("occupancy %1% (%2 blocks, %3 of %4 warps per SM)")
                              .arg(qRound(o.value(QStringLiteral("fraction")).toDouble() * 100))
                              .arg(o.value(QStringLiteral("blocks_per_sm")).toInt())
                              .arg(o.value(QStringLiteral("warps_per_sm")).toInt())
                              .arg(o.value(QStringLiteral("max_warps_per_sm")).toInt());
            const QString limit = o.value(QStringLiteral("limited_by")).toString();
            if (!limit.isEmpty())
                occ += tr(", limited by %1").arg(limit);
            parts << occ;
        }
    } else {
        parts << tr("no resource report (%1)")
                     .arg(code.value(QStringLiteral("unavailable")).toObject().value(QStringLiteral("ptx")).toString(tr("PTX not built")));
    }
    // Which path each tl.dot took: tensor cores (mma.sync) or the FMA loop.
    QStringList dots;
    for (const QJsonValue &v : code.value(QStringLiteral("dots")).toArray()) {
        const QJsonObject d = v.toObject();
        const int line = d.value(QStringLiteral("line")).toInt();
        dots << (line > 0 ? tr("tl.dot line %1: %2 (%3)").arg(line) : tr("tl.dot: %1 (%2)"))
                    .arg(d.value(QStringLiteral("path")).toString(),
                         d.value(QStringLiteral("detail")).toString());
    }
    if (!dots.isEmpty())
        parts << dots.join(QStringLiteral(" · "));
    const QJsonObject t = code.value(QStringLiteral("times_ms")).toObject();
    QStringList times;
    const char *stages[] = {"parse", "sema", "lower", "emit", "nvrtc", "disassemble"};
    for (const char *s : stages) {
        const QString k = QString::fromLatin1(s);
        if (t.contains(k))
            times << tr("%1 %2 ms").arg(k == QLatin1String("nvrtc") ? QStringLiteral("NVRTC") : k)
                         .arg(t.value(k).toDouble(), 0, 'f', 1);
    }
    if (t.value(QStringLiteral("cache_hit")).toBool())
        times << tr("(compile cache hit)");
    m_resources->setText(parts.join(QStringLiteral(" · ")) + QStringLiteral("\n")
                         + tr("compile: %1").arg(times.join(QStringLiteral(", "))));
}

void CodeViewPane::applyTheme()
{
    for (QPlainTextEdit *v : m_views)
        if (auto *h = v->document()->findChild<CodeHighlighter *>())
            h->applyTheme();
    if (m_following)
        followPythonLine(m_pythonLine);
}

void CodeViewPane::followPythonLine(int line)
{
    m_pythonLine = line;
    m_following = true;
    for (CodeKind k : kTabOrder) {
        QPlainTextEdit *v = m_views[int(k)];
        QList<int> lines = generatedLinesFor(m_maps[int(k)], line);
        m_highlighted[int(k)] = lines;
        QList<QTextEdit::ExtraSelection> selections;
        const QColor bg = Theme::current().code.highlightLine;
        for (int n : std::as_const(lines)) {
            QTextEdit::ExtraSelection s;
            s.format.setBackground(bg);
            s.format.setProperty(QTextFormat::FullWidthSelection, true);
            s.cursor = QTextCursor(v->document()->findBlockByNumber(n));
            selections << s;
        }
        v->setExtraSelections(selections);
        if (!lines.isEmpty()) {
            QTextCursor c(v->document()->findBlockByNumber(lines.first()));
            v->setTextCursor(c);
            v->centerCursor();
        }
    }
    m_following = false;
}

void CodeViewPane::onViewCursor(CodeKind kind)
{
    if (m_following)
        return;
    const int n = m_views[int(kind)]->textCursor().blockNumber();
    const QList<int> &map = m_maps[int(kind)];
    if (n >= 0 && n < map.size() && map[n] > 0 && map[n] != m_pythonLine) {
        // Keep the user's place in this view; highlight the line's siblings.
        const int line = map[n];
        QTextCursor keep = m_views[int(kind)]->textCursor();
        followPythonLine(line);
        m_following = true;
        m_views[int(kind)]->setTextCursor(keep);
        m_following = false;
        emit pythonLineActivated(line);
    }
}

bool CodeViewPane::exportCuda(const QString &path, QString *error) const
{
    const QString code = m_code.value(QStringLiteral("cuda_standalone")).toString();
    if (code.isEmpty()) {
        *error = tr("There is no CUDA C to export yet: build a specialization first.");
        return false;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(code.toUtf8()) < 0) {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

QString CodeViewPane::askExportPath(const QString &suggested)
{
    return QFileDialog::getSaveFileName(this, tr("Export CUDA"), suggested, tr("CUDA C (*.cu)"));
}

void CodeViewPane::showError(const QString &title, const QString &text)
{
    QMessageBox::warning(this, title, text);
}

void CodeViewPane::exportClicked()
{
    const QString kernel = m_code.value(QStringLiteral("kernel")).toString();
    const QString dir = QFileInfo(m_source().path).absolutePath();
    const QString path = askExportPath(dir + QLatin1Char('/') + kernel + QStringLiteral(".cu"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCuda(path, &error))
        showError(tr("Export CUDA"), error);
    else
        m_status->setText(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace tsm
